import { and, asc, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { cards, messageRecipients } from "../../db/schema";
import { claimEffect, effectsToDo, recordEffects } from "../../services/effects";
import type { GoogleWalletDeps } from "./deps";
import { childJobId, type JobQueue } from "../../services/jobs";
import { firstMessagePage, pageWithSource, type MessagePage, type MessagePageJob } from "../../services/message-pages";
import { recordChannelOutcomes } from "../notifications/figures";
import { heldFromMessage } from "../notifications/message-cap";
import { cardMessages } from "../notifications/messages";

/** Cards one page job PATCHes (an HTTP request each); the next page is a job of its own. */
export const GOOGLE_MESSAGE_PAGE = 100;
/** PATCHes of one page in flight at once. */
const CONCURRENCY = 8;

/**
 * A message reaches the Google Wallet objects of the cards it was for: each object's
 * `messages` become the card's latest messages, the new one with a notification. Which cards are
 * saved to a wallet is not known here (a save link creates the object on Google's side), so every
 * card it reached is PATCHed, and Google's 404 for a card never saved is skipped.
 *
 * The message's transaction writes the first page's job (the `message.sent` event: the outbox); a
 * page is a keyset page of card ids, never all cards in memory. Each PATCH is once per card and
 * message: a page first writes the next page's job (a derived id, in a transaction that
 * claims the page's successor: one chain however often a page runs), then PATCHes the cards not yet
 * done, recording those that went through. A card that failed fails the page, which pg-boss
 * retries like any job: the retry PATCHes only the cards still to do, so the holders whose pass
 * took the message are not notified twice.
 */
export function googleMessageUpdates(app: FastifyInstance, deps: GoogleWalletDeps) {
  const pages: JobQueue<MessagePageJob> = app.jobs.work<MessagePageJob>("google-wallet-message", (page, job) =>
    sendMessagePage(deps, pages, pageWithSource(page, job)),
  );
  app.events.on("message.sent", "google-wallet-message", (e, job) =>
    e.pass === false ? Promise.resolve() : sendMessagePage(deps, pages, firstMessagePage(e, job)),
  );
}

function cardsOf(db: Db, page: MessagePage) {
  const columns = { id: cards.id, serial: cards.serial };
  if (page.segmented) {
    return db
      .select(columns)
      .from(messageRecipients)
      .innerJoin(cards, eq(cards.id, messageRecipients.cardId))
      .where(and(eq(messageRecipients.messageId, page.messageId), gt(messageRecipients.cardId, page.afterCardId)))
      .orderBy(asc(messageRecipients.cardId))
      .limit(GOOGLE_MESSAGE_PAGE);
  }
  return db
    .select(columns)
    .from(cards)
    .where(and(eq(cards.businessId, page.businessId), gt(cards.id, page.afterCardId)))
    .orderBy(asc(cards.id))
    .limit(GOOGLE_MESSAGE_PAGE);
}

/** One page of a message's cards: the next page's job first, then the PATCHes still to do. */
export async function sendMessagePage(deps: GoogleWalletDeps, pages: JobQueue<MessagePageJob>, page: MessagePage) {
  const rows = await cardsOf(deps.db, page);
  if (rows.length === GOOGLE_MESSAGE_PAGE) {
    const next = rows.at(-1)!.id;
    await deps.db.transaction(async (tx) => {
      if (!(await claimEffect(tx, { kind: "google-message-page", source: page.source }, page.afterCardId))) return;
      await pages.enqueue(tx, { ...page, afterCardId: next }, { id: childJobId(page.source, `page-${next}`) });
    });
  }
  const key = { kind: "google-message", source: page.source };
  const ids = rows.map((r) => r.id);
  // A card the weekly cap holds the message from keeps its pass as it is (decided once for all channels).
  const held = await deps.db.transaction((tx) => heldFromMessage(tx, page.messageId, ids));
  const toDo = new Set(await effectsToDo(deps.db, key, ids));
  const pending = rows.filter((r) => toDo.has(r.id) && !held.has(r.id));
  let failed = 0;
  for (let i = 0; i < pending.length; i += CONCURRENCY) {
    const patched: number[] = [];
    const saved: number[] = [];
    await Promise.all(
      pending.slice(i, i + CONCURRENCY).map(async (card) => {
        try {
          const messages = await cardMessages(deps.db, page.businessId, card.id);
          if (await deps.googleWallet.updateMessages(card.serial, messages, page.messageId)) saved.push(card.id);
          patched.push(card.id);
        } catch (err) {
          deps.log.warn({ err, cardId: card.id }, "google wallet: message not added to the pass");
          failed++;
        }
      }),
    );
    // The message's pass figures: a saved pass that took it (a card never saved has no pass to count).
    await recordChannelOutcomes(
      deps.db,
      page.messageId,
      "pass",
      saved.map((cardId) => ({ cardId, took: true })),
    );
    await recordEffects(deps.db, key, patched);
  }
  // pg-boss retries the page for these cards (and logs "job given up" with this when it stops).
  if (failed > 0) throw new Error(`google wallet: message ${page.messageId} not added to ${failed} passes`);
}
