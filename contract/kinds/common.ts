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

export { MAX_REFERRAL_BONUS, wholeBonusProblem } from "./numbers";
