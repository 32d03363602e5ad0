import "./zod-setup";
import { z } from "zod";

import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "./page-size";

export { DEFAULT_PER_PAGE, MAX_PER_PAGE };

/** The query of every list that can grow: `?page=1&per_page=20`. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: "The page must be a whole number." })
    .int("The page must be a whole number.")
    .min(1, "The page must be at least 1.")
    .max(1_000_000, "The page is too large.")
    .default(1),
  per_page: z.coerce
    .number({ error: "The per page must be a whole number." })
    .int("The per page must be a whole number.")
    .min(1, "The per page must be at least 1.")
    .max(MAX_PER_PAGE, `The per page may not be greater than ${MAX_PER_PAGE}.`)
    .default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.output<typeof pageQuery>;

/** The answer of every list that can grow. */
export type Paginated<T> = {
  items: T[];
  /** Rows in the whole list, not only this page. */
  total: number;
  page: number;
  per_page: number;
  last_page: number;
};

export const lastPage = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** The answer schema of a list that can grow, of these items. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    last_page: z.number().int(),
  });
