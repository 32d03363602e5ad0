import { and, desc, eq, sql } from "drizzle-orm";
import { CARD_MESSAGES, type CardMessage } from "../../../../contract/notifications";
import type { Db } from "../../db/client";
import { businessMessages, channelSends, messageRecipients } from "../../db/schema";
import { cardOutsideControlGroup } from "../insights/control-group";
import { WEEKLY_CAP } from "./weekly-cap";

/** A message the owner sent to the wallet pass (the card page and the passes show those only). */
const onPass = sql`'pass' = any(${businessMessages.channels})`;

/** A message the weekly cap held from this card (weekly-cap.ts): neither its page nor its passes show it. */
const notHeldFrom = (cardId: number) =>
  sql`not exists (select 1 from ${channelSends} where ${channelSends.cardId} = ${cardId}
    and ${channelSends.purpose} = 'message:' || ${businessMessages.id} and ${channelSends.reason} = ${WEEKLY_CAP})`;

/**
 * A business's latest messages as a card shows them, newest first: those to every card holder
 * (unless the card is in the control group), and those to a segment or from an automation that
 * reached this card, leaving out those the weekly cap held from it. Wallet passes
 * show the newest (`limit` 1) or a few of them.
 *
 * Two index-ordered reads of `limit` rows each, merged: the business's broadcasts
 * (business_messages_broadcast_idx) and the card's own (message_recipients_card_idx). One query
 * filtering the business's messages would walk past every automation message sent to other
 * cards (a welcome to each of 100,000 cards) before finding this card's; a message's wallet
 * updates ask this for every card of the business.
 */
export async function cardMessages(
  db: Db,
  businessId: number,
  cardId: number,
  limit: number = CARD_MESSAGES,
): Promise<CardMessage[]> {
  const [broadcasts, own] = await Promise.all([
    db
      .select()
      .from(businessMessages)
      .where(
        and(
          eq(businessMessages.businessId, businessId),
          eq(businessMessages.segment, "all"),
          onPass,
          cardOutsideControlGroup(cardId),
          notHeldFrom(cardId),
        ),
      )
      .orderBy(desc(businessMessages.id))
      .limit(limit),
    db
      .select({ message: businessMessages })
      .from(messageRecipients)
      .innerJoin(businessMessages, eq(businessMessages.id, messageRecipients.messageId))
      .where(
        and(
          eq(messageRecipients.cardId, cardId),
          eq(businessMessages.businessId, businessId),
          onPass,
          notHeldFrom(cardId),
        ),
      )
      .orderBy(desc(messageRecipients.messageId))
      .limit(limit),
  ]);
  const rows = [...broadcasts, ...own.map((r) => r.message)].sort((a, b) => b.id - a.id).slice(0, limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  }));
}
