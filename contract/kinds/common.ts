import "../zod-setup";
import { z } from "zod";

/** A whole number between `min` and `max`, in the contract's words. */
export const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `The ${label} must be a whole number.` })
    .int(`The ${label} must be a whole number.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} may not be greater than ${max}.`);

/** A blank form field ("" or null) as not given. */
export const blankAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** A blank form field as 0. */
export const blankAsZero = (value: unknown) => (value === "" || value === null || value === undefined ? 0 : value);

/** The largest referral bonus of a kind that counts whole units (stamps, points). */
export const MAX_REFERRAL_BONUS = 1_000;

/** A referral bonus of a kind that counts whole units: a whole number from 0 to MAX_REFERRAL_BONUS. */
export const wholeBonusProblem = (value: string, label: string) =>
  !/^\d+$/.test(value) || Number(value) > MAX_REFERRAL_BONUS
    ? `The ${label} must be a whole number from 0 to ${MAX_REFERRAL_BONUS}.`
    : null;
