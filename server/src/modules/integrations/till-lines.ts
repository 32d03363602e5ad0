import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productCategories } from "../../db/schema";
import type { EarnLine } from "../loyalty/engine/rules";
import type { TillLine } from "./till-platforms";

/**
 * An order's lines as the engine reads them: each with the owner's product categories that list
 * one of its item ids (the connection's business's, or of no business), oldest first. Which of
 * them earns what is the card's programme's rule (engine/earn.ts `lineEarnAmount`). `connection`:
 * the till connection's owner and business.
 */
export async function earnLines(
  db: Db,
  connection: { userId: number; businessId: number },
  lines: readonly TillLine[] | null,
) {
  if (!lines?.length) return undefined;
  const ids = [...new Set(lines.flatMap((line) => line.itemIds))];
  if (ids.length === 0) return undefined;
  const categories = await db
    .select({ id: productCategories.id, itemIds: productCategories.itemIds })
    .from(productCategories)
    .where(
      and(
        eq(productCategories.userId, connection.userId),
        or(isNull(productCategories.businessId), eq(productCategories.businessId, connection.businessId)),
        sql`${productCategories.itemIds} && array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`,
      ),
    )
    .orderBy(asc(productCategories.id));
  return lines.map((line): EarnLine => ({
    amount: line.amount,
    categories: categories.filter((c) => c.itemIds.some((id) => line.itemIds.includes(id))).map((c) => c.id),
  }));
}
