import { desc, eq } from "drizzle-orm";
import { CARD_MESSAGES, type CardMessage } from "../../../../lib/contract/notifications";
import type { Db } from "../../db/client";
import { businessMessages } from "../../db/schema";

/** A business's latest messages as its customers' cards show them, newest first. */
export async function cardMessages(db: Db, businessId: number): Promise<CardMessage[]> {
  const rows = await db
    .select()
    .from(businessMessages)
    .where(eq(businessMessages.businessId, businessId))
    .orderBy(desc(businessMessages.id))
    .limit(CARD_MESSAGES);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  }));
}
