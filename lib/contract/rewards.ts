import { z } from "zod";
import { id, optionalId, refId, text } from "./ids";
import { pageQuery } from "./pagination";

export const MIN_STAMPS = 2;
export const MAX_STAMPS = 50;
export const DEFAULT_COOLDOWN_MINUTES = 240;
/** A week: a longer wait between self-scans would make the card feel broken. */
export const MAX_COOLDOWN_MINUTES = 7 * 24 * 60;
/** Self-scans per card per day (the business's day); 0 = no cap. */
export const DEFAULT_DAILY_CAP = 1;
export const MAX_DAILY_CAP = 50;

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `The ${label} must be a whole number.` })
    .int(`The ${label} must be a whole number.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} may not be greater than ${max}.`);

/** add-reward: with `id` it edits that reward (product.md §4 Reward). */
export const addRewardBody = z.object({
  id: optionalId,
  business_id: refId("business"),
  title: text("title", 80),
  description: z
    .string()
    .trim()
    .max(500, "The description may not be greater than 500 characters.")
    .optional()
    .default(""),
  stamps_required: wholeNumber("stamps required", MIN_STAMPS, MAX_STAMPS),
  product_category_id: optionalId,
  cooldown_minutes: z.preprocess(
    (value) => (value === "" || value === undefined ? DEFAULT_COOLDOWN_MINUTES : value),
    wholeNumber("cooldown minutes", 0, MAX_COOLDOWN_MINUTES),
  ),
  daily_cap: z.preprocess(
    (value) => (value === "" || value === undefined ? DEFAULT_DAILY_CAP : value),
    wholeNumber("daily cap", 0, MAX_DAILY_CAP),
  ),
});
export type AddRewardBody = z.input<typeof addRewardBody>;

export const rewardListQuery = pageQuery.extend({ business_id: optionalId });

export const reward = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string(),
  title: z.string(),
  description: z.string(),
  stamps_required: z.number().int(),
  product_category_id: z.number().int().nullable(),
  product_category_name: z.string().nullable(),
  cooldown_minutes: z.number().int(),
  daily_cap: z.number().int(),
  qr_codes_count: z.number().int(),
  created_at: z.string(),
});
export type Reward = z.infer<typeof reward>;

export const rewardIdBody = z.object({ id });
