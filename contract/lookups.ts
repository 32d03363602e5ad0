import "./zod-setup";
import { z } from "zod";

/** Reference lists (seeded, the same for every owner): small and fixed, so not paginated. */
export const businessCategory = z.object({ id: z.number().int(), name: z.string() });
export type BusinessCategory = z.infer<typeof businessCategory>;
export const country = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Country = z.infer<typeof country>;

export const categoryListAnswer = z.array(businessCategory);
export const countryListAnswer = z.array(country);
