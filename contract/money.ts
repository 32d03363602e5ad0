// Money in the contract: decimal strings with the currency's own decimals ("4.60",
// "500" for yen), integer minor units in the database, never floats in between. The currency's
// decimals come from Intl (ISO 4217 as the runtime knows it), on the server and in the browser.
import "./zod-setup";
import { z } from "zod";

/**
 * The largest amount a call takes at all, in the currency's major unit: a sanity bound. What a
 * purchase may be to earn is the business's own `max_purchase_amount` (at most this), which the
 * engine checks.
 */
export const MAX_AMOUNT_MAJOR = 100_000_000;
/** A business's purchase limit when the owner sets none. */
export const DEFAULT_MAX_PURCHASE = "10000";

const CURRENCY = /^[A-Z]{3}$/;

/** Whether the runtime knows `code` as an ISO 4217 currency. */
export function isCurrency(code: string): boolean {
  if (!CURRENCY.test(code)) return false;
  return Intl.supportedValuesOf("currency").includes(code);
}

/** ISO 4217, any case ("eur" → "EUR"). */
export const currencyCode = z
  .string({ error: "The currency is required." })
  .trim()
  .toUpperCase()
  .refine(isCurrency, "This is not an ISO 4217 currency code (such as EUR or USD).");

/** The currency's decimals: 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A decimal string as minor units of `currency`, exactly (no float): "4.6" → 460 for EUR. Null
 * when it is not a plain decimal or has more decimals than the currency has.
 */
export function toMinor(decimal: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? "";
  if (fraction.replace(/0+$/, "").length > digits) return null;
  const minor = Number(match[1]! + fraction.padEnd(digits, "0").slice(0, digits));
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * A decimal string with at most two decimals as whole hundredths, exactly (no float): "0.1" → 10,
 * "12" → 1200. Null when it is not a plain decimal or has finer decimals ("0.001").
 */
export function toHundredths(decimal: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > 2) return null;
  const hundredths = Number(match[1]! + fraction.padEnd(2, "0"));
  return Number.isSafeInteger(hundredths) ? hundredths : null;
}

/** Hundredths as the contract's shortest decimal string: 10 → "0.1", 1200 → "12", 1205 → "12.05". */
export function hundredthsText(hundredths: number): string {
  const text = String(hundredths).padStart(3, "0");
  const fraction = text.slice(-2).replace(/0+$/, "");
  return fraction ? `${text.slice(0, -2)}.${fraction}` : text.slice(0, -2);
}

/**
 * A decimal of at most two decimals (a number is read as its decimal text), as hundredths,
 * from `min` to `max` hundredths: `points_per_unit`, a business's `max_purchase_amount`.
 */
export const hundredthsField = (label: string, example: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: `The ${label} must be a number such as ${example}.` })
      .trim()
      .regex(
        new RegExp(`^\\d{1,${String(Math.floor(max / 100)).length}}(\\.\\d{1,2}0*)?$`),
        `The ${label} must be a number with at most two decimals, such as ${example}.`,
      )
      .transform((value, ctx) => {
        const hundredths = toHundredths(value);
        if (hundredths === null) {
          ctx.addIssue({
            code: "custom",
            message: `The ${label} must be a number with at most two decimals, such as ${example}.`,
          });
          return z.NEVER;
        }
        return hundredths;
      })
      .refine(
        (h) => h >= min && h <= max,
        `The ${label} must be ${min === 0 ? "at least 0" : `at least ${hundredthsText(min)}`} and at most ${Number(hundredthsText(max)).toLocaleString("en")}.`,
      ),
  );

/** Minor units as the contract's decimal string: 460 EUR → "4.60", 500 JPY → "500". */
export function fromMinor(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Minor units as people read them in `locale`: "€4.60", "¥500". */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 10 ** digits);
}

/**
 * A purchase amount as a call takes it: a decimal string (a number is accepted and read as its
 * decimal text), more than 0 and at most MAX_AMOUNT_MAJOR. Whether its decimals fit the business's
 * currency is checked where the currency is known (`amountInMinor`).
 */
export const amountField = z.preprocess(
  (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
  z
    .string({ error: "The amount must be a number such as 12.50." })
    .trim()
    .regex(/^\d+(\.\d+)?$/, "The amount must be a number such as 12.50.")
    .refine((value) => Number(value) > 0, "The amount must be more than 0.")
    .refine(
      (value) => Number(value) <= MAX_AMOUNT_MAJOR,
      `The amount may not be more than ${MAX_AMOUNT_MAJOR.toLocaleString("en")}.`,
    ),
);

/**
 * The largest cost in the currency's major unit: a sanity bound that keeps any currency's minor
 * units (three decimals at most) within the database's integer.
 */
export const MAX_COST_MAJOR = 1_000_000;

/**
 * What a reward, an option or an offer costs its owner (the insights' reward cost and liability), a
 * decimal string of the business's currency, 0 or more (a number is read as its decimal text);
 * blank, null or left out: not said (null). Its decimals are checked where the currency is known.
 */
export const costField = z
  .preprocess(
    (value) =>
      value === "" || value === null || value === undefined
        ? null
        : typeof value === "number" && Number.isFinite(value)
          ? String(value)
          : value,
    z
      .string({ error: "The cost must be a number such as 2.50." })
      .trim()
      .regex(/^\d+(\.\d+)?$/, "The cost must be a number of 0 or more, such as 2.50.")
      .refine(
        (value) => Number(value) <= MAX_COST_MAJOR,
        `The cost may not be more than ${MAX_COST_MAJOR.toLocaleString("en")}.`,
      )
      .nullable(),
  )
  .optional();

/** The amount in `currency`'s minor units, or the message a 422 gives. */
export function amountInMinor(decimal: string, currency: string): { minor: number } | { error: string } {
  const minor = toMinor(decimal, currency);
  if (minor === null) {
    const digits = minorDigits(currency);
    return {
      error:
        digits === 0
          ? `Amounts in ${currency} have no decimals.`
          : `Amounts in ${currency} have at most ${digits} decimals.`,
    };
  }
  if (minor <= 0) return { error: "The amount must be more than 0." };
  return { minor };
}
