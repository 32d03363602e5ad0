import "./zod-setup";
import { actorView } from "./actors";
import { REWARD_KINDS } from "./rewards";
import { z } from "zod";
import { id } from "./ids";
import { MAX_TOPUP } from "./limits";
import { amountField } from "./money";
import { pageQuery, paginated } from "./pagination";

/** A card's serial as My Scans and the scanner show it (`LC-XXXX-XXXX-XXXX`); any case. */
export const cardSerial = z
  .string({ error: "The card serial is required." })
  .trim()
  .toUpperCase()
  .regex(/^LC-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/, "This is not a card serial (LC-XXXX-XXXX-XXXX).");

export const MAX_ADJUST = 100;
export const ADJUST_REASON_MAX = 200;

/** card-adjust: stamps added (+) or removed (-), with the reason kept in the card's history. */
export const cardAdjustBody = z.object({
  serial: cardSerial,
  delta: z.coerce
    .number({ error: "The change must be a whole number of stamps." })
    .int("The change must be a whole number of stamps.")
    .min(-MAX_ADJUST, `The change may not be less than -${MAX_ADJUST}.`)
    .max(MAX_ADJUST, `The change may not be greater than ${MAX_ADJUST}.`)
    .refine((n) => n !== 0, "The change must add or remove at least one stamp."),
  reason: z
    .string({ error: "Please give a reason." })
    .trim()
    .min(1, "Please give a reason.")
    .max(ADJUST_REASON_MAX, `The reason may not be greater than ${ADJUST_REASON_MAX} characters.`),
});
export type CardAdjustBody = z.input<typeof cardAdjustBody>;

export { MAX_TOPUP };

/** card-topup: visits sold at the counter for a prepaid-visits pass (paid outside the product). */
export const cardTopupBody = z.object({
  serial: cardSerial,
  visits: z.coerce
    .number({ error: "The visits must be a whole number." })
    .int("The visits must be a whole number.")
    .min(1, "The visits must be at least 1.")
    .max(MAX_TOPUP, `The visits may not be greater than ${MAX_TOPUP}.`),
});
export type CardTopupBody = z.input<typeof cardTopupBody>;

/**
 * card-redeem: a points programme's option ({serial, option_id}) or cashback money off
 * ({serial, amount}, a decimal string in the business's currency). Exactly one of the two.
 */
export const cardRedeemBody = z
  .object({ serial: cardSerial, option_id: z.optional(id), amount: amountField.optional() })
  .refine((body) => (body.option_id === undefined) !== (body.amount === undefined), {
    message: "Give either an option (points) or an amount (cashback).",
    path: ["option_id"],
  });
export type CardRedeemBody = z.input<typeof cardRedeemBody>;

export const cardHistoryQuery = pageQuery.extend({ serial: cardSerial });

export const CARD_EVENT_KINDS = [
  "join",
  "stamp",
  "redeem",
  "adjust",
  "flag",
  "expire",
  "referral",
  "topup",
  "import",
] as const;
export type CardEventKind = (typeof CARD_EVENT_KINDS)[number];

/** One entry of a card's history: what, when, by whom (null: the customer), from which QR code, why. */
export const cardEvent = z.object({
  id: z.number().int(),
  kind: z.enum(CARD_EVENT_KINDS),
  /** The balance moved and the balance after it, in `unit` (cashback: the currency's decimal string). */
  delta: z.number(),
  stamps_after: z.number(),
  unit: z.enum(REWARD_KINDS),
  /** Points and cashback: the change and the balance after it, in the programme's own terms. */
  delta_text: z.string(),
  balance_text: z.string(),
  /** The purchase amount the event earned on (decimal string), when there was one. */
  amount: z.string().nullable(),
  reason: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** Who made the change: the customer, staff, the owner, an API key, a till, the system. */
  actor: actorView,
  qr_label: z.string().nullable(),
  created_at: z.string(),
});
export type CardEvent = z.infer<typeof cardEvent>;

/** The card a detail view shows: its figures and whether a fraud alert marked it. */
export const cardSummary = z.object({
  serial: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  business_name: z.string(),
  stamps: z.number(),
  stamps_required: z.number().int().nullable(),
  reward_title: z.string().nullable(),
  /** The programme's kind and the balance in its own terms ("340 points — 60 to Free lunch"). */
  kind: z.enum(REWARD_KINDS),
  balance_text: z.string(),
  lifetime_stamps: z.number(),
  rewards_redeemed: z.number().int(),
  flagged_at: z.string().nullable(),
  flag_reason: z.string().nullable(),
});
export type CardSummary = z.infer<typeof cardSummary>;

/** card-history: the card and one page of its history, newest first. */
export const cardHistory = paginated(cardEvent).extend({ card: cardSummary });
export type CardHistory = z.infer<typeof cardHistory>;

/** The owner's staff settings. */
export const staffSettingsBody = z.object({
  staff_may_adjust: z.preprocess(
    (value) => (value === "true" || value === "on" ? true : value === "false" || value === "off" ? false : value),
    z.boolean({ error: "Choose yes or no." }),
  ),
});
export const staffSettings = z.object({ staff_may_adjust: z.boolean() });
export type StaffSettings = z.infer<typeof staffSettings>;
