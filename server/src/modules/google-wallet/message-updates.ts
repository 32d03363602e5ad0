import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { cards, messageRecipients } from "../../db/schema";
import type { JobQueue } from "../../services/jobs";
import { cardMessages } from "../notifications/messages";

/** Cards one page job PATCHes (an HTTP request each); the next page is a job of its own. */
export const GOOGLE_MESSAGE_PAGE = 100;
/** PATCHes of one page in flight at once. */
const CONCURRENCY = 8;
/** A page's failed cards are tried again this many times, later each time (30 s, 1, 2, 4 min). */
export const GOOGLE_MESSAGE_TRIES = 4;

type MessagePage = {
  businessId: number;
  messageId: number;
  /** A segment's or an automation's message: only the cards it reached (message_recipients). */
  segmented: boolean;
  afterCardId: number;
  /** A retry: only these cards (those whose PATCH failed), and no next page. */
  cardIds?: number[];
  tries?: number;
};

/**
 * A message reaches the Google Wallet objects of the cards it was for (issue 16): each object's
 * `messages` become the card's latest messages, the new one with a notification. Which cards are
 * saved to a wallet is not known here (a save link creates the object on Google's side), so every
 * card it reached is PATCHed, and Google's 404 for a card never saved is skipped.
 *
 * The message's transaction writes the first page's job (the `message.sent` event: the outbox); a
 * page is a keyset page of card ids, never all cards in memory. The next page's job is written
 * after the PATCHes, with a job for the cards whose PATCH failed (retried later, alone: the
 * holders whose pass took the message are not notified twice).
 */
export function googleMessageUpdates(app: FastifyInstance) {
  const pages: JobQueue<MessagePage> = app.jobs.work<MessagePage>("google-wallet-message", runPage);

  async function cardsOf(page: MessagePage) {
    const columns = { id: cards.id, serial: cards.serial };
    if (page.cardIds) {
      return app.db
        .select(columns)
        .from(cards)
        .where(and(eq(cards.businessId, page.businessId), inArray(cards.id, page.cardIds)));
    }
    if (page.segmented) {
      return app.db
        .select(columns)
        .from(messageRecipients)
        .innerJoin(cards, eq(cards.id, messageRecipients.cardId))
        .where(and(eq(messageRecipients.messageId, page.messageId), gt(messageRecipients.cardId, page.afterCardId)))
        .orderBy(asc(messageRecipients.cardId))
        .limit(GOOGLE_MESSAGE_PAGE);
    }
    return app.db
      .select(columns)
      .from(cards)
      .where(and(eq(cards.businessId, page.businessId), gt(cards.id, page.afterCardId)))
      .orderBy(asc(cards.id))
      .limit(GOOGLE_MESSAGE_PAGE);
  }

  async function runPage(page: MessagePage) {
    const rows = await cardsOf(page);
    const failed: number[] = [];
    for (let i = 0; i < rows.length; i += CONCURRENCY) {
      await Promise.all(
        rows.slice(i, i + CONCURRENCY).map(async (card) => {
          try {
            const messages = await cardMessages(app.db, page.businessId, card.id);
            await app.googleWallet.updateMessages(card.serial, messages, page.messageId);
          } catch (err) {
            app.log.warn({ err, cardId: card.id }, "google wallet: message not added to the pass");
            failed.push(card.id);
          }
        }),
      );
    }
    const tries = page.tries ?? 0;
    await app.db.transaction(async (tx) => {
      if (!page.cardIds && rows.length === GOOGLE_MESSAGE_PAGE) {
        await pages.enqueue(tx, { ...page, afterCardId: rows.at(-1)!.id });
      }
      if (failed.length === 0) return;
      if (tries >= GOOGLE_MESSAGE_TRIES) {
        app.log.error({ messageId: page.messageId, cards: failed.length }, "google wallet: message given up");
        return;
      }
      await pages.enqueue(tx, { ...page, cardIds: failed, tries: tries + 1 }, { startAfterSeconds: 30 * 2 ** tries });
    });
  }

  app.events.on("message.sent", "google-wallet-message", (e) =>
    runPage({ businessId: e.businessId, messageId: e.messageId, segmented: e.segmented ?? false, afterCardId: 0 }),
  );
}
