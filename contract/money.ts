// Money in the contract: decimal strings with the currency's own decimals ("4.60",
// "500" for yen), integer minor units in the database, never floats in between. The currency's
// decimals come from Intl (ISO 4217 as the runtime knows it), on the server and in the browser.
import "./zod-setup";
import { z } from "zod";
import { hundredthsText, isCurrency, MAX_AMOUNT_MAJOR, toHundredths } from "./minor-units";

export {
  MAX_AMOUNT_MAJOR,
  DEFAULT_MAX_PURCHASE,
  isCurrency,
  minorDigits,
  toMinor,
  toHundredths,
  hundredthsText,
  fromMinor,
  formatMoney,
  amountInMinor,
} from "./minor-units";

/** ISO 4217, any case ("eur" → "EUR"). */
export const currencyCode = z
  .string({ error: "The currency is required." })
  .trim()
  .toUpperCase()
  .refine(isCurrency, "This is not an ISO 4217 currency code (such as EUR or USD).");

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
