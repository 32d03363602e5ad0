import "./zod-setup";
import { z } from "zod";
import { optionalId } from "./ids";
import { pageQuery, paginated } from "./pagination";

/** The till's items a category may hold, and the longest id (Shopify SKUs are up to 255; ids are shorter). */
export const MAX_ITEM_IDS = 200;
export const MAX_ITEM_ID_LENGTH = 100;

/**
 * The till's item ids a category holds: Shopify SKUs or product ids, Square catalog object ids.
 * A list of strings (or, from a form, one text with an id per line or comma), each trimmed, blanks
 * and repeats dropped, in the order given.
 */
export const itemIdsField = z.preprocess(
  (value) => (typeof value === "string" ? value.split(/[\n,]/) : value),
  z
    .array(
      z
        .string({ error: "Each item id must be text, such as a SKU." })
        .trim()
        .max(MAX_ITEM_ID_LENGTH, `An item id may not be greater than ${MAX_ITEM_ID_LENGTH} characters.`)
        .regex(/^[^\u0000-\u001f\u007f]*$/, "An item id may not contain control characters."),
      { error: "The item ids must be a list of SKUs or item ids." },
    )
    .transform((ids) => [...new Set(ids.filter((id) => id !== ""))])
    .refine((ids) => ids.length <= MAX_ITEM_IDS, `A category may hold at most ${MAX_ITEM_IDS} item ids.`),
);

/** product-category-add: with `id` it edits that category. Names are unique per owner. */
export const productCategoryAddBody = z.object({
  id: optionalId,
  name: z
    .string({ error: "The name field is required." })
    .trim()
    .min(2, "The name must be at least 2 characters.")
    .max(60, "The name may not be greater than 60 characters."),
  /** Optionally tied to one business: then only that business's programmes may have a rule for it. */
  business_id: optionalId,
  /** The till's items it holds; an edit given a list replaces them, one without keeps them. */
  item_ids: itemIdsField.optional(),
});
export type ProductCategoryAddBody = z.input<typeof productCategoryAddBody>;

export const productCategoryListQuery = pageQuery;

export const productCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  business_id: z.number().int().nullable(),
  business_name: z.string().nullable(),
  item_ids: z.array(z.string()),
  created_at: z.string(),
});
export type ProductCategory = z.infer<typeof productCategory>;

export const productCategoryListAnswer = paginated(productCategory);
