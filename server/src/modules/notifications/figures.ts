import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessMessages, cards, channelSends } from "../../db/schema";
import { outsideControlGroup } from "../insights/control-group";
import { messagePurpose } from "./channels";

/** What became of a message on the pass or push for one card: the provider took it, or why not. */
export type CardOutcome = { cardId: number; took: boolean; reason?: string };

/**
 * A message's pass or push outcomes in channel_sends, once per message and card: `sent` (delivery
 * `delivered`: the provider took it, the most these channels report) or `failed` with its reason.
 * A card reached on a later try or through another device of it turns `sent`; `sent` never turns
 * back, and a card the weekly cap held keeps its `skipped` row. A marketing message's rows count
 * toward the weekly cap (its `claimed` rows were written when it was decided: weekly-cap.ts).
 */
export async function recordChannelOutcomes(
  db: Db,
  messageId: number,
  channel: "pass" | "push",
  outcomes: CardOutcome[],
) {
  if (outcomes.length === 0) return;
  const [message] = await db
    .select({
      userId: businessMessages.userId,
      businessId: businessMessages.businessId,
      marketing: businessMessages.marketing,
    })
    .from(businessMessages)
    .where(eq(businessMessages.id, messageId))
    .limit(1);
  if (!message) return;
  // A control-group card's pass is updated without the message: it did not get it.
  const counted = new Set(
    (
      await db
        .select({ id: cards.id })
        .from(cards)
        .where(and(inArray(cards.id, [...new Set(outcomes.map((o) => o.cardId))]), outsideControlGroup()))
    ).map((r) => r.id),
  );
  outcomes = outcomes.filter((o) => counted.has(o.cardId));
  if (outcomes.length === 0) return;
  // One row a card: a card with several devices took it when any of them did.
  const byCard = new Map<number, CardOutcome>();
  for (const outcome of outcomes) {
    const seen = byCard.get(outcome.cardId);
    if (!seen || (!seen.took && outcome.took)) byCard.set(outcome.cardId, outcome);
    else if (!seen.took && !outcome.took && seen.reason !== outcome.reason) {
      byCard.set(outcome.cardId, { ...seen, reason: "refused" });
    }
  }
  await db
    .insert(channelSends)
    .values(
      [...byCard.values()].map((o) => ({
        userId: message.userId,
        businessId: message.businessId,
        marketing: message.marketing,
        cardId: o.cardId,
        channel,
        purpose: messagePurpose(messageId),
        status: o.took ? ("sent" as const) : ("failed" as const),
        reason: o.took ? null : (o.reason ?? "refused"),
        delivery: o.took ? ("delivered" as const) : null,
      })),
    )
    .onConflictDoUpdate({
      target: [channelSends.cardId, channelSends.channel, channelSends.purpose],
      set: {
        status: sql`case when excluded.status = 'sent' or ${channelSends.status} = 'claimed' then excluded.status else ${channelSends.status} end`,
        reason: sql`case when excluded.status = 'sent' then null when ${channelSends.status} = 'claimed' then excluded.reason else ${channelSends.reason} end`,
        delivery: sql`coalesce(${channelSends.delivery}, excluded.delivery)`,
        updatedAt: sql`now()`,
      },
      // A card the weekly cap held keeps its `skipped` row.
      setWhere: sql`${channelSends.status} <> 'skipped'`,
    });
}
