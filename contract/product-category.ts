import "./zod-setup";
import { z } from "zod";
import { optionalId } from "./ids";
import { pageQuery, paginated } from "./pagination";

/** product-category-add: with `id` it renames that category. Names are unique per owner. */
export const productCategoryAddBody = z.object({
  id: optionalId,
  name: z
    .string({ error: "The name field is required." })
    .trim()
    .min(2, "The name must be at least 2 characters.")
    .max(60, "The name may not be greater than 60 characters."),
  /** Optionally tied to one business; a reward may count stamps for one category. */
  business_id: optionalId,
});
export type ProductCategoryAddBody = z.input<typeof productCategoryAddBody>;

export const productCategoryListQuery = pageQuery;

export const productCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  business_id: z.number().int().nullable(),
  business_name: z.string().nullable(),
  created_at: z.string(),
});
export type ProductCategory = z.infer<typeof productCategory>;

export const productCategoryListAnswer = paginated(productCategory);
