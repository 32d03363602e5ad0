import { and, desc, eq, exists, or, sql } from "drizzle-orm";
import { CARD_MESSAGES, type CardMessage } from "../../../../lib/contract/notifications";
import type { Db } from "../../db/client";
import { businessMessages, messageRecipients } from "../../db/schema";

/**
 * A business's latest messages as a card shows them, newest first: those to every card holder,
 * and those to a segment (issue 16) that this card was in when they were sent. Wallet passes show
 * the newest (`limit` 1) or a few of them.
 */
export async function cardMessages(
  db: Db,
  businessId: number,
  cardId: number,
  limit: number = CARD_MESSAGES,
): Promise<CardMessage[]> {
  const rows = await db
    .select()
    .from(businessMessages)
    .where(
      and(
        eq(businessMessages.businessId, businessId),
        or(
          eq(businessMessages.segment, "all"),
          exists(
            db
              .select({ one: sql`1` })
              .from(messageRecipients)
              .where(and(eq(messageRecipients.messageId, businessMessages.id), eq(messageRecipients.cardId, cardId))),
          ),
        ),
      ),
    )
    .orderBy(desc(businessMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  }));
}
