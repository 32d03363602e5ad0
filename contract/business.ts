import "./zod-setup";
import { z } from "zod";
import { imageFile } from "./files";
import { optionalId, text } from "./ids";
import { currencyCode, hundredthsField, MAX_AMOUNT_MAJOR } from "./money";
import { pageQuery, paginated } from "./pagination";

export const zipCode = z
  .string({ error: "The zip code field is required." })
  .trim()
  .min(1, "The zip code field is required.")
  .max(20, "The zip code may not be greater than 20 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Please enter a valid zip code.");

/** Where a business or one of its locations is. */
export const placeFields = {
  business_category: text("business category", 100),
  address: text("address", 255),
  state: text("state", 100),
  city: text("city", 100),
  zip_code: zipCode,
  country_name: text("country name", 100),
};

/** More stamps than this on one card in one day raise a fraud alert, unless the business sets its own number. */
export const DEFAULT_FRAUD_THRESHOLD = 5;
export const MAX_FRAUD_THRESHOLD = 100;
const fraudThreshold = z.preprocess(
  (value) => (value === "" || value === undefined ? DEFAULT_FRAUD_THRESHOLD : value),
  z.coerce
    .number({ error: "The fraud alert threshold must be a whole number." })
    .int("The fraud alert threshold must be a whole number.")
    .min(1, "The fraud alert threshold must be at least 1.")
    .max(MAX_FRAUD_THRESHOLD, `The fraud alert threshold may not be greater than ${MAX_FRAUD_THRESHOLD}.`),
);

/**
 * The business's ISO 4217 currency: points and cashback count in it. Optional: blank takes the country's
 * currency on a new business, and keeps the business's own on an edit.
 */
export const businessCurrency = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  currencyCode.optional(),
);

/**
 * The largest purchase that earns, in the business's currency (a decimal string, at most two
 * decimals). Optional: blank keeps the business's own (a new one gets DEFAULT_MAX_PURCHASE).
 */
export const maxPurchaseAmount = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  hundredthsField("maximum purchase amount", "10000", 1, MAX_AMOUNT_MAJOR * 100).optional(),
);

/** The text fields of the business form (the browser checks these; the logo is checked apart). */
export const businessForm = z.object({
  business_name: text("business name", 100),
  ...placeFields,
  fraud_threshold: fraudThreshold,
  currency: businessCurrency,
  max_purchase_amount: maxPurchaseAmount,
});

/**
 * An IANA time zone name ("Europe/Paris"): the business's days (the dashboard's "today" and chart)
 * are its local days. Optional; a new business without one counts in UTC, an edit keeps its own.
 */
export const timeZone = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .max(64, "The time zone must be a time zone name, like Europe/Paris.")
    .refine(isTimeZone, "The time zone must be a time zone name, like Europe/Paris.")
    .optional(),
);

function isTimeZone(name: string): boolean {
  if (name === "UTC") return true;
  return typeof Intl.supportedValuesOf === "function" && Intl.supportedValuesOf("timeZone").includes(name);
}

/** add-business (multipart): with `id` it edits that business; a new logo replaces the old one. */
export const addBusinessBody = businessForm.extend({
  id: optionalId,
  business_logo: imageFile("business logo"),
  time_zone: timeZone,
});

export const businessListQuery = pageQuery;

export const business = z.object({
  id: z.number().int(),
  business_name: z.string(),
  /** URL of the logo (`/api/files/{id}`), or null without one. */
  business_logo: z.string().nullable(),
  business_category: z.string(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  zip_code: z.string(),
  country_name: z.string(),
  fraud_threshold: z.number().int(),
  addresses_count: z.number().int(),
  /** IANA name; "UTC" unless set. */
  time_zone: z.string(),
  /** ISO 4217; the country's currency unless the owner chose another (null: none known yet). */
  currency: z.string().nullable(),
  /** The largest purchase that earns, a decimal string in the currency ("10000"). */
  max_purchase_amount: z.string(),
  created_at: z.string(),
});
export type Business = z.infer<typeof business>;

export const businessListAnswer = paginated(business);
