import { levelProgress } from "../kinds/levels";
import { z } from "zod";
import { KIND_NAMES } from "../kinds";

/**
 * A programme kind as the public API answers it: an open enum. Today's kinds are listed
 * (`x-extensible-enum`), but a kind added later reaches clients without a new API version, so a
 * client must accept a value it does not know (the typed client's type does: schema.d.ts).
 */
export const openKind = (what: string) =>
  z.string().meta({
    description: `${what}: one of ${KIND_NAMES.join(", ")} today. An open list: clients must accept values not listed here (new programme kinds are added without a new API version).`,
    "x-extensible-enum": [...KIND_NAMES],
  });

const MAX_ID = 2_147_483_647;
export const rowId = z.number().int().min(1).max(MAX_ID);
/** Query strings carry text: ids and limits there are coerced. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const serialParam = z.object({
  serial: z.string().regex(/^LC-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/, "This is not a card serial."),
});

const email = z.email("The email must be a valid email address.").max(190);
/** Digits with the usual separators: at least 6 digits (a lookup by "(-----)" would match every card without one). */
const phone = z
  .string()
  .max(25, "The phone must be a phone number.")
  .regex(/^\+?[ ()-]*(?:[0-9][ ()-]*){6,20}$/, "The phone must be a phone number of at least 6 digits.");

/** POST /v1/cards: enrol a customer at one of the key owner's businesses. */
export const enrolBody = z.strictObject({
  business_id: rowId,
  name: z.string().trim().min(1, "The name field is required.").max(120),
  email,
  phone: phone.optional(),
});

/** GET /v1/cards: by the customer's email or phone (exactly one). */
export const cardLookupQuery = z
  .strictObject({ email: email.optional(), phone: phone.optional() })
  .refine((q) => (q.email === undefined) !== (q.phone === undefined), {
    message: "Give either email or phone.",
    path: ["email"],
  });

const orderId = z.string().min(1, "The order_id field is required.").max(120);

/** POST /v1/cards/{serial}/earn: a purchase amount (points, cashback) or a number of stamps. */
export const earnBody = z
  .strictObject({
    order_id: orderId,
    amount: z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, "The amount must be a positive amount such as 12.50.")
      .optional(),
    stamps: z.number().int().min(1).max(100).optional(),
  })
  .refine((b) => (b.amount === undefined) !== (b.stamps === undefined), {
    message: "Give either amount or stamps.",
    path: ["amount"],
  })
  .refine((b) => b.amount === undefined || Number(b.amount) > 0, {
    message: "The amount must be greater than 0.",
    path: ["amount"],
  });

/** POST /v1/cards/{serial}/redeem: a points option, cashback money off, or {} for a ready stamp reward. */
export const redeemBody = z
  .strictObject({
    option_id: rowId.optional(),
    amount: z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, "The amount must be a positive amount such as 5.00.")
      .optional(),
  })
  .refine((b) => b.option_id === undefined || b.amount === undefined, {
    message: "Give option_id or amount, not both.",
    path: ["amount"],
  });

export const card = z
  .object({
    serial: z.string(),
    business_id: z.number().int(),
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
    programme: openKind("The programme the card collects for"),
    /** Stamps, points, or cashback money in minor units. */
    balance: z.number().int(),
    balance_text: z.string(),
    /**
     * What 1.00 of an order earns, a decimal string ("1"; "0.1" = one point per 10.00, rounded down
     * per order); null when the programme earns nothing per amount.
     */
    points_per_unit: z.string().nullable(),
    reward_ready: z.boolean(),
    /** The card's level, the next one and what is left to it; null when the programme has no levels. */
    level: levelProgress.nullable(),
    /** The page where the customer adds the card to their phone, when the business has a QR code. */
    url: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Card" });
export type V1Card = z.infer<typeof card>;

export const cardList = z.object({ data: z.array(card) }).meta({ id: "CardList" });

/** POST /v1/cards/{serial}/earn's answer: what the order earned (0 again on a retry), and the card. */
export const earnResult = z
  .object({
    order_id: z.string(),
    /** What this order earned, in `unit` (a retry of the order answers the first earn's). */
    earned: z.number().int(),
    unit: openKind("The unit of `earned`"),
    /** The order had earned already: nothing more was earned. */
    duplicate: z.boolean(),
    card,
  })
  .meta({ id: "EarnResult" });
