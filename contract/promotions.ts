import "./zod-setup";
import { z } from "zod";
import { calendarDate } from "./fields";
import { idBody, optionalId, refId } from "./ids";
import { hundredthsField } from "./money";

/** "16:00": a time of the business's day, in its own time zone. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An end may be the day's end, "24:00" (open until midnight). */
const END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const timeOfDay = (label: string, pattern: RegExp) =>
  z
    .string({ error: `The ${label} must be a time such as 16:00.` })
    .trim()
    .regex(pattern, `The ${label} must be a time such as 16:00.`);

/** A multiplier's bounds, in hundredths: from 1.5 to 5 times what the visit earns. */
export const PROMOTION_MULTIPLIER = { min: 150, max: 500 };
/** The happy hours an owner may have (promotion-list answers them all). */
export const MAX_PROMOTIONS_PER_OWNER = 100;
/** The most a promotion adds per visit (stamps, points, or cashback's minor units). */
export const PROMOTION_MAX_BONUS = 1000;

/**
 * promotion-add: a happy hour of one reward. On each of `weekdays` (0 Sunday … 6 Saturday) from
 * `start_time` until `end_time` (the business's time zone), between `starts_on` and `ends_on` when
 * given, an earn is multiplied (points and cashback) and/or gets `bonus` more.
 */
export const promotionAddBody = z
  .object({
    reward_id: refId("reward"),
    multiplier: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      hundredthsField("multiplier", "1.5", PROMOTION_MULTIPLIER.min, PROMOTION_MULTIPLIER.max).optional(),
    ),
    bonus: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.coerce
        .number({ error: "The bonus must be a whole number." })
        .int("The bonus must be a whole number.")
        .min(1, "The bonus must be at least 1.")
        .max(PROMOTION_MAX_BONUS, `The bonus may not be greater than ${PROMOTION_MAX_BONUS}.`)
        .optional(),
    ),
    weekdays: z
      .array(z.coerce.number().int().min(0, "A weekday is 0 (Sunday) to 6.").max(6, "A weekday is 0 (Sunday) to 6."), {
        error: "Choose at least one weekday.",
      })
      .min(1, "Choose at least one weekday.")
      .max(7, "Choose at least one weekday.")
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    start_time: timeOfDay("start time", TIME),
    end_time: timeOfDay("end time", END),
    starts_on: z.optional(
      z.pipe(
        z.transform((v: unknown) => (v === "" || v === null ? undefined : v)),
        z.optional(calendarDate),
      ),
    ),
    ends_on: z.optional(
      z.pipe(
        z.transform((v: unknown) => (v === "" || v === null ? undefined : v)),
        z.optional(calendarDate),
      ),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.multiplier === undefined && body.bonus === undefined) {
      ctx.addIssue({ code: "custom", path: ["multiplier"], message: "Give a multiplier, a bonus, or both." });
    }
    if (body.end_time <= body.start_time) {
      ctx.addIssue({ code: "custom", path: ["end_time"], message: "The end time must be after the start time." });
    }
    if (body.starts_on && body.ends_on && body.ends_on < body.starts_on) {
      ctx.addIssue({ code: "custom", path: ["ends_on"], message: "The end date must not be before the start date." });
    }
  });
export type PromotionAddBody = z.input<typeof promotionAddBody>;

export const promotionListQuery = z.object({ reward_id: optionalId });

export const promotion = z.object({
  id: z.number().int(),
  reward_id: z.number().int(),
  reward_title: z.string(),
  /** The multiplier as a decimal string ("2"), or null. */
  multiplier: z.string().nullable(),
  bonus: z.number().int().nullable(),
  weekdays: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  created_at: z.string(),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionListAnswer = z.object({ items: z.array(promotion) });

/** A happy hour as the card page shows it: today's, in the business's time zone. */
export const promotionToday = z.object({
  multiplier: z.string().nullable(),
  bonus: z.number().int().nullable(),
  start_time: z.string(),
  end_time: z.string(),
});
export type PromotionToday = z.infer<typeof promotionToday>;

export const promotionDeleteBody = idBody;
