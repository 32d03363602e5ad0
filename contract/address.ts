import "./zod-setup";
import { z } from "zod";
import { placeFields } from "./business";
import { optionalId, refId } from "./ids";
import { pageQuery, paginated } from "./pagination";

/** A coordinate in decimal degrees, optional (blank: none). */
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ error: `The ${label} must be a number.` })
      .min(-limit, `The ${label} must be between -${limit} and ${limit}.`)
      .max(limit, `The ${label} must be between -${limit} and ${limit}.`)
      .optional(),
  );

/**
 * The address form of a business's location. Latitude and longitude are optional, both or
 * neither: wallet passes show up on the lock screen near the places that have them.
 */
export const addressForm = z
  .object({
    business_id: refId("business"),
    ...placeFields,
    latitude: coordinate("latitude", 90),
    longitude: coordinate("longitude", 180),
  })
  .refine((a) => (a.latitude === undefined) === (a.longitude === undefined), {
    path: ["longitude"],
    message: "Please give both the latitude and the longitude, or neither.",
  });

/** add-address: with `id` it edits that address. */
export const addAddressBody = z.intersection(addressForm, z.object({ id: optionalId }));

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
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: z.string(),
});
export type Address = z.infer<typeof address>;

export const addressListAnswer = paginated(address);
