import "./zod-setup";
import { z } from "zod";
import { cardSerial } from "./cards";
import { daysWhereNeeded, segmentShape } from "./customers";
import { amountField, costField } from "./money";
import { id, optionalId, refId } from "./ids";
import { pageQuery, paginated } from "./pagination";

/**
 * What a voucher gives: an item, money off (`amount`, in the business's currency), a percent off,
 * or points or stamps added to the card's balance when it is redeemed. Which of the last two a
 * business may offer is its programme kind's to say (`SharedKind.balanceOffer`).
 */
export const OFFER_KINDS = ["free_item", "amount_off", "percent_off", "points", "stamps"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
/** Offer kinds that add to a card's balance on redeem. */
export const BALANCE_OFFER_KINDS = ["points", "stamps"] as const satisfies readonly OfferKind[];
export type BalanceOfferKind = (typeof BALANCE_OFFER_KINDS)[number];

/** When vouchers of an offer are issued. */
export const OFFER_TRIGGERS = ["join", "birthday", "win_back", "campaign", "manual"] as const;
export type OfferTrigger = (typeof OFFER_TRIGGERS)[number];

/** `V-XXXX-XXXX-XXXX`: Crockford's base32 without I, L, O, U (60 random bits). */
export const VOUCHER_CODE_PATTERN = /^V-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const MAX_VALID_DAYS = 3650;

/** The value each kind of offer takes (and no other), or null for a free item. */
export const OFFER_KIND_FIELD: Record<OfferKind, "amount" | "percent" | "points" | "stamps" | null> = {
  free_item: null,
  amount_off: "amount",
  percent_off: "percent",
  points: "points",
  stamps: "stamps",
};

const voucherCode = z
  .string({ error: "The code field is required." })
  .trim()
  .max(40, "The code is not a voucher code.")
  // Typed at a counter: any case, spaces or missing dashes forgiven.
  .transform((value) => {
    const compact = value.toUpperCase().replace(/[\s-]/g, "");
    return compact.length === 13 && compact.startsWith("V")
      ? `V-${compact.slice(1, 5)}-${compact.slice(5, 9)}-${compact.slice(9, 13)}`
      : value;
  })
  .pipe(z.string().regex(VOUCHER_CODE_PATTERN, "The code is not a voucher code."));

const count = (label: string) =>
  z.coerce
    .number({ error: `The ${label} must be a whole number.` })
    .int(`The ${label} must be a whole number.`)
    .min(1, `The ${label} must be at least 1.`)
    .max(10_000, `The ${label} may not be greater than 10000.`);

export const offerAddBody = z
  .object({
    business_id: refId("business"),
    title: z
      .string({ error: "The title field is required." })
      .trim()
      .min(2, "The title must be at least 2 characters.")
      .max(80, "The title may not be greater than 80 characters."),
    kind: z.enum(OFFER_KINDS, { error: `The kind must be one of: ${OFFER_KINDS.join(", ")}.` }),
    amount: amountField.optional(),
    percent: z.coerce
      .number({ error: "The percent must be a whole number from 1 to 100." })
      .int("The percent must be a whole number from 1 to 100.")
      .min(1, "The percent must be a whole number from 1 to 100.")
      .max(100, "The percent must be a whole number from 1 to 100.")
      .optional(),
    points: count("points").optional(),
    stamps: count("stamps").optional(),
    trigger: z.enum(OFFER_TRIGGERS, { error: `The trigger must be one of: ${OFFER_TRIGGERS.join(", ")}.` }),
    valid_days: z.coerce
      .number({ error: "The valid days must be a whole number." })
      .int("The valid days must be a whole number.")
      .min(1, "The valid days must be at least 1.")
      .max(MAX_VALID_DAYS, `The valid days may not be greater than ${MAX_VALID_DAYS}.`),
    min_purchase: amountField.optional(),
    /** What one redeemed voucher costs the owner, in the business's currency ("2.50"; blank: not said). */
    cost: costField,
  })
  .superRefine((body, ctx) => {
    // Each kind takes its own value, and only that one.
    const field = OFFER_KIND_FIELD[body.kind];
    if (field && body[field] === undefined)
      ctx.addIssue({ code: "custom", path: [field], message: `The ${field} field is required for this kind.` });
    for (const other of ["amount", "percent", "points", "stamps"] as const) {
      if (other !== field && body[other] !== undefined) {
        ctx.addIssue({ code: "custom", path: [other], message: `The ${other} field does not go with this kind.` });
      }
    }
  });
export type OfferAddBody = z.input<typeof offerAddBody>;

export const offerListQuery = pageQuery.extend({ business_id: optionalId });
export const offerIdBody = z.object({ id });

export const offer = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  title: z.string(),
  kind: z.enum(OFFER_KINDS),
  amount: z.string().nullable(),
  percent: z.number().int().nullable(),
  points: z.number().int().nullable(),
  stamps: z.number().int().nullable(),
  trigger: z.enum(OFFER_TRIGGERS),
  valid_days: z.number().int(),
  min_purchase: z.string().nullable(),
  /** What one redeemed voucher costs the owner, in the business's currency; null: not said. */
  cost: z.string().nullable(),
  /** Retired by offer-delete: issues no more vouchers; those issued stay valid. */
  active: z.boolean(),
  issued: z.number().int(),
  redeemed: z.number().int(),
  created_at: z.string(),
});
export type Offer = z.infer<typeof offer>;
export const offerListAnswer = paginated(offer);

/** A voucher as its holder sees it (the card page, the passes, wallet-card). */
export const cardVoucher = z.object({ code: z.string(), title: z.string(), expires_at: z.string() });
export type CardVoucher = z.infer<typeof cardVoucher>;

export const voucherIssueBody = z.object({
  offer_id: refId("offer"),
  serial: z.string({ error: "The serial field is required." }).trim().min(1, "The serial field is required.").max(40),
});

export const voucherRedeemBody = z.object({ code: voucherCode, amount: amountField.optional() });

/** A voucher as the counter sees it after an issue or a redeem. */
export const voucher = z.object({
  code: z.string(),
  title: z.string(),
  kind: z.enum(OFFER_KINDS),
  serial: z.string(),
  expires_at: z.string(),
  redeemed_at: z.string().nullable(),
});
export type Voucher = z.infer<typeof voucher>;

/**
 * offer-send: a campaign offer's voucher to every card of the segment of its business, once per
 * card; answers at once with the number of cards queued (the vouchers are issued by jobs).
 */
export const offerSendBody = z.object({ offer_id: refId("offer"), ...segmentShape }).superRefine(daysWhereNeeded);
export const offerSent = z.object({ queued: z.number().int() });

/** card-vouchers: what the counter may do with vouchers for a scanned card. */
export const cardVouchersQuery = z.object({ serial: cardSerial });

/** An unused voucher at the counter, with the purchase it needs (a decimal string) or null. */
export const counterVoucher = voucher.extend({ min_purchase: z.string().nullable() });
export type CounterVoucher = z.infer<typeof counterVoucher>;

/** An active manual offer of the card's business: the staff may issue its voucher to the card. */
export const manualOffer = z.object({ id: z.number().int(), title: z.string(), kind: z.enum(OFFER_KINDS) });
export type ManualOffer = z.infer<typeof manualOffer>;

export const cardVouchersAnswer = z.object({
  /** The card's unused vouchers, soonest to expire first. */
  vouchers: z.array(counterVoucher),
  manual_offers: z.array(manualOffer),
});
export type CardVouchers = z.infer<typeof cardVouchersAnswer>;
