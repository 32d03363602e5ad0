import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { businesses, cards, customers } from "../../../db/schema";

/**
 * A select from `cards` (made dynamic) joined to the card's customer and business: the join that
 * the card's detail, its wallet pass, the customer directory and the card lock read.
 */
export function withHolder<T extends PgSelect>(query: T) {
  return query
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .innerJoin(businesses, eq(businesses.id, cards.businessId));
}
