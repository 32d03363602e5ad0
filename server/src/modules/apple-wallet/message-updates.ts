import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { applePassRegistrations, cards, messageRecipients } from "../../db/schema";
import type { JobQueue } from "../../services/jobs";

/** Registered cards one page job moves and pushes; the next page is a job of its own. */
export const APPLE_MESSAGE_PAGE = 500;

type MessagePage = {
  businessId: number;
  messageId: number;
  /** A segment's or an automation's message: only the cards it reached (message_recipients). */
  segmented: boolean;
  afterCardId: number;
};

/**
 * A message reaches the Apple passes of the cards it was for (issue 16): their pass now carries
 * it (pass.ts, messageField), so each such card's `updated_at`, the web service's change tag,
 * moves, and their phones get the content-free push that makes them fetch the pass.
 *
 * The message's transaction writes the first page's job (the `message.sent` event: the outbox).
 * Only cards some phone registered for matter (no other pass is ever fetched again), a page of
 * them per job in card order: a business with 100,000 cards never has them in memory. Each page
 * moves its cards, writes its push job and the next page's job in one transaction, so a page run
 * twice never starts a second chain; the push job (`pushCards`) is retried on its own.
 */
export function appleMessageUpdates(app: FastifyInstance, pushCards: (cardIds: number[]) => Promise<void>) {
  const pushes: JobQueue<{ cardIds: number[] }> = app.jobs.work("apple-pass-push", ({ cardIds }) => pushCards(cardIds));

  const pages: JobQueue<MessagePage> = app.jobs.work<MessagePage>("apple-pass-message", runPage);

  async function runPage(page: MessagePage) {
    const rows = await app.db
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
                app.db
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
    const cardIds = rows.map((r) => r.cardId);
    await app.db.transaction(async (tx) => {
      // The phones list these cards as changed since their tag, and fetch the pass (not a 304).
      await tx
        .update(cards)
        .set({ updatedAt: sql`now()` })
        .where(inArray(cards.id, cardIds));
      await pushes.enqueue(tx, { cardIds });
      if (rows.length === APPLE_MESSAGE_PAGE) await pages.enqueue(tx, { ...page, afterCardId: cardIds.at(-1)! });
    });
  }

  app.events.on("message.sent", "apple-pass-message", (e) =>
    runPage({ businessId: e.businessId, messageId: e.messageId, segmented: e.segmented ?? false, afterCardId: 0 }),
  );
}
