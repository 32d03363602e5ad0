import { z } from "zod";
import { placeFields } from "./business";
import { optionalId, refId } from "./ids";
import { pageQuery } from "./pagination";

/** The address form (spec.md §3 Address). */
export const addressForm = z.object({
  business_id: refId("business"),
  ...placeFields,
});

/** add-address: with `id` it edits that address. */
export const addAddressBody = addressForm.extend({ id: optionalId });

/** `business_id` narrows the list to one business. */
export const addressListQuery = pageQuery.extend({ business_id: optionalId });

export const address = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string(),
  business_category: z.string(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  zip_code: z.string(),
  country_name: z.string(),
  created_at: z.string(),
});
export type Address = z.infer<typeof address>;
