import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { applePassRegistrations, cards, messageRecipients } from "../../db/schema";
import { claimEffect } from "../../services/effects";
import { childJobId, type JobQueue } from "../../services/jobs";
import { firstMessagePage, pageWithSource, type MessagePage, type MessagePageJob } from "../../services/message-pages";
import { heldFromMessage } from "../notifications/message-cap";
import type { PushCards } from "./pushes";
import type { ApplePassUpdateDeps } from "./service";

/** Registered cards one page job moves and pushes; the next page is a job of its own. */
export const APPLE_MESSAGE_PAGE = 500;

/**
 * A message reaches the Apple passes of the cards it was for: their pass now carries
 * it (pass.ts, messageField), so each such card's `updated_at`, the web service's change tag,
 * moves, and their phones get the content-free push that makes them fetch the pass.
 *
 * The message's transaction writes the first page's job (the `message.sent` event: the outbox).
 * Only cards some phone registered for matter (no other pass is ever fetched again), a page of
 * them per job in card order: a business with 100,000 cards never has them in memory. Each page
 * moves its cards, writes its push job and the next page's job in one transaction that also claims
 * the page: a page run again (redelivered, even after pg-boss archived its jobs) finds
 * its claim and moves, pushes and chains nothing. The jobs it writes have ids derived from the
 * chain's source. The push job (`pushCards`) is retried on its own, for the phones it missed.
 */
export function appleMessageUpdates(
  app: FastifyInstance,
  { db, pushCards }: Pick<ApplePassUpdateDeps, "db"> & { pushCards: PushCards },
) {
  const pushes: JobQueue<PassPush> = app.jobs.work<PassPush>("apple-pass-push", ({ cardIds, messageId }, job) =>
    pushCards(cardIds, job.id, messageId, job.lastAttempt),
  );

  const pages: JobQueue<MessagePageJob> = app.jobs.work<MessagePageJob>("apple-pass-message", (page, job) =>
    moveMessagePage(db, queues, pageWithSource(page, job)),
  );
  const queues = { pushes, pages };

  app.events.on("message.sent", "apple-pass-message", (e, job) =>
    e.pass === false ? Promise.resolve() : moveMessagePage(db, queues, firstMessagePage(e, job)),
  );
  // A new card design changes every pass of the business: the same pages, over all its
  // registered cards (messageId 0: a page of all cards never reads message_recipients).
  app.events.on("card.designed", "apple-pass-design", ({ businessId }, job) =>
    moveMessagePage(db, queues, { businessId, messageId: 0, segmented: false, afterCardId: 0, source: job.id }),
  );
}

/** A push to these cards' phones; `messageId`: the message it brings them (none for a new design). */
type PassPush = { cardIds: number[]; messageId?: number };

/** The jobs a page writes: the push to its cards' phones, and the next page. */
type MessageQueues = { pushes: JobQueue<PassPush>; pages: JobQueue<MessagePageJob> };

/** One page of a message's registered cards: moved, pushed and chained in one claimed transaction. */
export async function moveMessagePage(db: Db, { pushes, pages }: MessageQueues, page: MessagePage) {
  const rows = await db
    .selectDistinct({ cardId: applePassRegistrations.cardId })
    .from(applePassRegistrations)
    .innerJoin(cards, eq(cards.id, applePassRegistrations.cardId))
    .where(
      and(
        eq(cards.businessId, page.businessId),
        gt(applePassRegistrations.cardId, page.afterCardId),
        page.segmented
          ? inArray(
              applePassRegistrations.cardId,
              db
                .select({ cardId: messageRecipients.cardId })
                .from(messageRecipients)
                .where(eq(messageRecipients.messageId, page.messageId)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(applePassRegistrations.cardId))
    .limit(APPLE_MESSAGE_PAGE);
  if (rows.length === 0) return;
  const last = rows.at(-1)!.cardId;
  await db.transaction(async (tx) => {
    if (!(await claimEffect(tx, { kind: "apple-message-page", source: page.source }, page.afterCardId))) return;
    // A card the weekly cap holds the message from keeps its pass as it is (decided once for all channels).
    const held =
      page.messageId > 0
        ? await heldFromMessage(
            tx,
            page.messageId,
            rows.map((r) => r.cardId),
          )
        : new Set<number>();
    const cardIds = rows.map((r) => r.cardId).filter((id) => !held.has(id));
    if (cardIds.length > 0) {
      // The phones list these cards as changed since their tag, and fetch the pass (not a 304).
      await tx
        .update(cards)
        .set({ updatedAt: sql`now()` })
        .where(inArray(cards.id, cardIds));
      const push = page.messageId > 0 ? { cardIds, messageId: page.messageId } : { cardIds };
      await pushes.enqueue(tx, push, { id: childJobId(page.source, `push-${page.afterCardId}`) });
    }
    if (rows.length === APPLE_MESSAGE_PAGE) {
      await pages.enqueue(tx, { ...page, afterCardId: last }, { id: childJobId(page.source, `page-${last}`) });
    }
  });
}
