import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { cards, messageRecipients, pushTokens } from "../../db/schema";
import type { PushMessage, PushSender } from "../../services/push";

/** Keeps a token for an owner or a card; registering it again only refreshes it. */
export async function saveToken(app: FastifyInstance, token: string, target: { userId: number } | { cardId: number }) {
  await app.db
    .insert(pushTokens)
    .values({ token, ...target })
    .onConflictDoUpdate({
      target: [pushTokens.token, pushTokens.userId, pushTokens.cardId],
      set: { updatedAt: sql`now()` },
    });
}

/** Sends to these tokens and deletes the ones FCM reports as no longer valid. */
async function deliver(app: FastifyInstance, push: PushSender, tokens: string[], message: PushMessage) {
  const unique = [...new Set(tokens)];
  if (unique.length === 0) return;
  const result = await push.send(unique, message);
  if (result.invalid.length > 0) await app.db.delete(pushTokens).where(inArray(pushTokens.token, result.invalid));
}

/** The owner's devices (dashboard) get a push for a feed entry. */
export async function pushToOwner(app: FastifyInstance, push: PushSender, ownerId: number, message: PushMessage) {
  if (!push.configured) return;
  const rows = await app.db.select({ token: pushTokens.token }).from(pushTokens).where(eq(pushTokens.userId, ownerId));
  await deliver(
    app,
    push,
    rows.map((r) => r.token),
    message,
  );
}

/** Every device holding a card of the business gets the owner's message. */
export async function pushToCardHolders(
  app: FastifyInstance,
  push: PushSender,
  businessId: number,
  message: PushMessage,
) {
  if (!push.configured) return;
  const rows = await app.db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .innerJoin(cards, eq(cards.id, pushTokens.cardId))
    .where(and(eq(cards.businessId, businessId), isNotNull(pushTokens.cardId)));
  await deliver(
    app,
    push,
    rows.map((r) => r.token),
    message,
  );
}

/** The devices of the cards a segmented message reached (issue 16), and no other. */
export async function pushToRecipients(
  app: FastifyInstance,
  push: PushSender,
  messageId: number,
  message: PushMessage,
) {
  if (!push.configured) return;
  const rows = await app.db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .innerJoin(messageRecipients, eq(messageRecipients.cardId, pushTokens.cardId))
    .where(eq(messageRecipients.messageId, messageId));
  await deliver(
    app,
    push,
    rows.map((r) => r.token),
    message,
  );
}
