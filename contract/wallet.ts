import "./zod-setup";
import { levelProgress } from "./kinds/levels";
import { z } from "zod";
import { cardVoucher } from "./offers";
import { calendarDate, email, name, otpCode } from "./fields";
import { serialField } from "./customers";
import { amountField } from "./money";
import { id } from "./ids";
import { MAX_SCAN_LINES } from "./category-rules";
import { REWARD_KINDS } from "./rewards";
import { counterCodeField, qrPublic, qrTokenField } from "./qr-codes";
import { promotionToday } from "./promotions";

export { CARD_SECRETS_HEADER, LAST_CARD_COOKIE, MAX_CARDS_PER_DEVICE } from "./wallet-device";

/**
 * A birthday: the contract's one date type (fields.ts, so from 1900), not in the future (the
 * year is kept; only month and day are used). "Today" is UTC's, as everywhere in the contract.
 */
export const birthdayField = calendarDate.check(
  z.refine((value: string) => value <= new Date().toISOString().slice(0, 10), "Please enter your birthday."),
);

/** A card's referral code (the `ref` of its referral URL): random, never the card's serial. */
export const REFERRAL_CODE_PATTERN = /^[0-9A-Za-z]{8,32}$/;
export const REFERRAL_UNKNOWN = "This referral link is not valid. You can join without it.";
export const REFERRAL_OTHER_BUSINESS = "This referral link is for another business. You can join without it.";

/** A ticked optional box (`true`, a form's `on`); anything else is no. */
const optionalConsent = z.optional(
  z.preprocess((value) => value === true || value === "true" || value === "on", z.boolean()),
);

/** wallet-join: a customer joins from the add-to-wallet page; consent is required, stated beside the button. */
export const walletJoinBody = z.object({
  qr_token: qrTokenField,
  name,
  email,
  consent: z.preprocess(
    (value) => value === true || value === "true" || value === "on",
    z.literal(true, { error: "Please agree to receive your card and messages from this business." }),
  ),
  /** Optional, unticked: marketing by email / SMS from this business (recorded with time and source `join`). */
  consent_email: optionalConsent,
  consent_sms: optionalConsent,
  // Optional: the owner's directory searches the phone, birthday messages use the date.
  phone: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, "Please enter a valid phone number.")
      .optional(),
  ),
  birthday: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.optional(birthdayField)),
  /** A rotating QR code's counter code (from the scanned URL). */
  code: counterCodeField,
  /** The referral code of the friend's card whose `referral_url` this join came through. */
  ref: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string()
      .trim()
      .regex(REFERRAL_CODE_PATTERN, REFERRAL_UNKNOWN)
      .transform((value) => value.toUpperCase())
      .optional(),
  ),
});
export type WalletJoinBody = z.input<typeof walletJoinBody>;

/** wallet-recover: without `code` it emails one; with it, it opens the card on this device. */
export const walletRecoverBody = z.object({
  qr_token: qrTokenField,
  email,
  code: z.optional(otpCode),
});

/**
 * How a customer's own call names the card on the device: the business QR code it
 * was opened from, or the card's serial (found with the device's card key). A regenerated code's
 * old token still finds the card by its serial; only joining and stamping need the current token.
 */
export const cardRef = { qr_token: qrTokenField.optional(), serial: serialField.optional() };
/** A message of the business, as a card shows it. */
export const cardMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type CardMessage = z.infer<typeof cardMessage>;

export const NO_CARD_REF = "The QR code is not valid.";
export const hasCardRef = (ref: { qr_token?: string; serial?: string }) => Boolean(ref.qr_token || ref.serial);

export const walletCardQuery = z.object(cardRef).refine(hasCardRef, { message: NO_CARD_REF, path: ["qr_token"] });

/** wallet-card-delete: the customer deletes the card this device holds at the business. */
export const walletCardDeleteBody = z.object({ qr_token: qrTokenField.optional(), serial: serialField });
/** wallet-birthday: the customer gives (or clears, empty) their birthday on the card page. */
export const walletBirthdayBody = z
  .object({
    ...cardRef,
    birthday: z.preprocess((value) => (value === "" ? null : value), z.nullable(birthdayField)),
  })
  .refine(hasCardRef, { message: NO_CARD_REF, path: ["qr_token"] });

/**
 * Where this card can be added to a phone's wallet: `apple` the .pkpass download, `google` the
 * "Save to Google Wallet" link; each null when that wallet is not configured on the server.
 */
export const walletLinks = z.object({ apple: z.string().nullable(), google: z.string().nullable() });
export type WalletLinks = z.infer<typeof walletLinks>;

/** A card's business and the reward it collects for, as its page shows them. */
export const cardPlace = qrPublic.pick({ business: true, location: true, reward: true });
export type CardPlace = z.infer<typeof cardPlace>;

const redeemOption = z.object({ id: z.number().int(), title: z.string(), points: z.number().int() });

/** The customer's view of their card. Later issues add fields (messages, wallet passes) beside these. */
export const walletCard = z.object({
  serial: z.string(),
  customer_name: z.string(),
  business_name: z.string(),
  stamps: z.number(),
  stamps_required: z.number().int().nullable(),
  reward_title: z.string().nullable(),
  reward_ready: z.boolean(),
  lifetime_stamps: z.number(),
  rewards_redeemed: z.number().int(),
  /** When the next self-scan stamp is possible (ISO), or null when it is now. */
  next_stamp_at: z.string().nullable(),
  /** Filled by wallet-card (the card on this device); null links elsewhere. */
  wallet_links: walletLinks,
  /** The business's latest messages to its card holders, newest first (wallet-card only). */
  messages: z.array(cardMessage).optional(),
  /** The holder's birthday (YYYY-MM-DD) if given (wallet-card only: the card page offers to add it). */
  birthday: z.string().nullable().optional(),
  /** The card's business and reward, for its page (wallet-card only): found without a live QR code too. */
  place: cardPlace.optional(),
  /**
   * The link that brings a friend (wallet-card only): the business QR's add-to-wallet
   * page with this card's `ref`. Null when the business has no QR code.
   */
  referral_url: z.string().nullable().optional(),
  /** The card's message choices page (wallet-card only): email, SMS and push on and off. */
  preferences_url: z.string().optional(),
  /** The programme's kind and the balance in its own terms ("340 points — 60 to Free lunch"). */
  kind: z.enum(REWARD_KINDS),
  balance_text: z.string(),
  /** Points: the options the balance affords, cheapest first (empty otherwise). */
  options: z.array(redeemOption),
  /** The card's programme's happy hours today, in the business's time zone, earliest first (wallet-card only). */
  promotions_today: z.array(promotionToday).optional(),
  /** The card's unused vouchers, soonest to expire first (wallet-card only). */
  vouchers: z.array(cardVoucher).optional(),
  /** The card's level, the next one and what is left to it; null without levels (wallet-card only). */
  level: levelProgress.nullable().optional(),
  /** The level and the way to the next in the programme's words ("Silver · 275 points to Gold"; wallet-card only). */
  level_text: z.string().nullable().optional(),
});
export type WalletCard = z.infer<typeof walletCard>;

/** What a join or recover answers; the BFF moves `card_secret` into the card cookie. */
export const walletJoinResult = z.object({ card: walletCard, card_secret: z.string().optional() });
export type WalletJoinResult = z.infer<typeof walletJoinResult>;

/** qr-code-scanner: a card serial (staff), a business QR URL or token (a customer with a card). */
export const scannerBody = z
  .object({
    code: z
      .string({ error: "Please enter or scan a code." })
      .trim()
      .min(1, "Please enter or scan a code.")
      .max(500, "This code is not one of ours."),
    /** The counter code of a rotating QR code, when `code` is the bare token (the card page's own scan). */
    counter_code: counterCodeField,
    /** Staff on a points or cashback programme: the purchase amount (a stamp programme ignores it). */
    amount: amountField.optional(),
    /**
     * Staff: the part of `amount` each product category's products made (at most `amount` in all);
     * each earns at its category's rule on the programme, the rest at the base rate.
     */
    lines: z
      .array(z.object({ product_category_id: id, amount: amountField }), {
        error: "The lines must be a list of categories and amounts.",
      })
      .max(MAX_SCAN_LINES, `A purchase may be split into at most ${MAX_SCAN_LINES} lines.`)
      .optional(),
  })
  .refine((body) => !body.lines?.length || body.amount !== undefined, {
    path: ["amount"],
    message: "Enter the purchase amount to split it by category.",
  });

/** What a scan did; the dashboard keeps the last one in local storage as `qrData`. */
export const scanResult = z.object({
  action: z.enum(["stamp", "redeem", "wait"]),
  customer_name: z.string(),
  business_name: z.string(),
  serial: z.string(),
  stamps: z.number(),
  stamps_required: z.number().int().nullable(),
  reward_title: z.string().nullable(),
  reward_ready: z.boolean(),
  next_stamp_at: z.string().nullable(),
  scanned_at: z.string(),
  /** The programme's kind, its balance in its own terms, and what it may redeem now. */
  kind: z.enum(REWARD_KINDS),
  balance_text: z.string(),
  /** Points: the options the balance affords; cashback: the money to spend (decimal string). */
  options: z.array(redeemOption),
  cashback_balance: z.string().nullable(),
  currency: z.string().nullable(),
});
export type ScanResult = z.infer<typeof scanResult>;

/** wallet-card: the card this device holds, or null without one. */
export const walletCardAnswer = walletCard.nullable();
/** wallet-recover: without `code`, that a code was sent (if the email has a card); with it, the card. */
export const walletRecoverAnswer = z.union([z.object({ code_sent: z.boolean() }), walletJoinResult]);
