import { sql } from "drizzle-orm";
import { DEFAULT_KIND, kindLiteral } from "../../../../../contract/kinds";
import type { Db } from "../../../db/client";
import { cardEvents, cards } from "../../../db/schema";
import type { Events } from "../../../services/events";
import { newSerial } from "./codes";
import type { Actor } from "./actor";
import { newestActiveRewardId } from "./lock";

/**
 * A card made for a customer by someone other than the customer (an API key, a till): no visit,
 * a balance of 0 in the business's newest active programme, and a join in its history naming the
 * actor and, where given, why. Null when the customer already has a card at the business (a
 * concurrent enrolment made it first): nothing is written then.
 */
export async function enrolCard(
  tx: Db,
  events: Events,
  input: { ownerId: number; businessId: number; customerId: number; actor: Actor; reason?: string },
) {
  const [card] = await tx
    .insert(cards)
    .values({
      userId: input.ownerId,
      businessId: input.businessId,
      customerId: input.customerId,
      serial: newSerial(),
      rewardId: sql`${newestActiveRewardId(input.businessId)}`,
    })
    .onConflictDoNothing()
    .returning();
  if (!card) return null;
  const { actor } = input;
  await tx.insert(cardEvents).values({
    userId: card.userId,
    businessId: card.businessId,
    cardId: card.id,
    kind: "join",
    delta: 0,
    stampsAfter: 0,
    unit: sql`coalesce((select kind from rewards where id = ${card.rewardId}), ${sql.raw(kindLiteral(DEFAULT_KIND))})`,
    reason: input.reason ?? null,
    actor: actor.kind,
    actorUserId: actor.userId,
    apiKeyId: actor.apiKeyId,
    posConnectionId: actor.connectionId,
  });
  await events.emit(tx, { type: "card.joined", ownerId: card.userId, businessId: card.businessId, cardId: card.id });
  return card;
}
