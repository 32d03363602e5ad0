import { and, asc, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { cards } from "../../db/schema";
import { claimEffect, effectsToDo, recordEffects } from "../../services/effects";
import type { GoogleWalletDeps } from "./deps";
import { childJobId, type JobQueue } from "../../services/jobs";
import { businessDesign } from "./design";

/** Cards one page job PATCHes (an HTTP request each); the next page is a job of its own. */
export const GOOGLE_DESIGN_PAGE = 100;
/** PATCHes of one page in flight at once. */
const CONCURRENCY = 8;

/** A keyset page of a business's cards; `source` is the `card.designed` job's id. */
type DesignPage = { businessId: number; afterCardId: number; source: string };

/**
 * A new card design reaches every saved Google pass of the business: an object's own
 * `hexBackgroundColor` and `heroImage` override its class's, so each object is PATCHed with the
 * design's (the class PATCH alone would leave the old colour on every pass). As with a stamp, which
 * cards are saved to a wallet is not known here (a save link creates the object on Google's side):
 * every card of the business is PATCHed, and Google's 404 for a card never saved is skipped.
 *
 * Pages and effects as for messages (message-updates.ts): a page writes the next page's job once
 * (claimed in its transaction, a derived id), then PATCHes the cards not yet done for this event
 * and records those that went through; a failed card fails the page, whose retry PATCHes only the
 * cards still to do. A rerun PATCHes nothing twice. The design is read when the page runs.
 */
export function googleDesignUpdates(app: FastifyInstance, deps: GoogleWalletDeps) {
  const pages: JobQueue<DesignPage> = app.jobs.work<DesignPage>("google-wallet-design-page", (page) =>
    sendDesignPage(deps, pages, page),
  );
  app.events.on("card.designed", "google-wallet-design-objects", ({ businessId }, job) =>
    sendDesignPage(deps, pages, { businessId, afterCardId: 0, source: job.id }),
  );
}

/** One page of a business's cards: the next page's job first, then the PATCHes still to do. */
export async function sendDesignPage(deps: GoogleWalletDeps, pages: JobQueue<DesignPage>, page: DesignPage) {
  const business = await businessDesign(deps, page.businessId);
  // Never designed (or gone): the objects carry no look of their own to change.
  if (!business.exists || !business.design) return;
  const design = business.design;
  const rows = await deps.db
    .select({ id: cards.id, serial: cards.serial })
    .from(cards)
    .where(and(eq(cards.businessId, page.businessId), gt(cards.id, page.afterCardId)))
    .orderBy(asc(cards.id))
    .limit(GOOGLE_DESIGN_PAGE);
  if (rows.length === GOOGLE_DESIGN_PAGE) {
    const next = rows.at(-1)!.id;
    await deps.db.transaction(async (tx) => {
      if (!(await claimEffect(tx, { kind: "google-design-page", source: page.source }, page.afterCardId))) return;
      await pages.enqueue(tx, { ...page, afterCardId: next }, { id: childJobId(page.source, `page-${next}`) });
    });
  }
  const key = { kind: "google-design-object", source: page.source };
  const toDo = new Set(
    await effectsToDo(
      deps.db,
      key,
      rows.map((r) => r.id),
    ),
  );
  const pending = rows.filter((r) => toDo.has(r.id));
  let failed = 0;
  for (let i = 0; i < pending.length; i += CONCURRENCY) {
    const patched: number[] = [];
    await Promise.all(
      pending.slice(i, i + CONCURRENCY).map(async (card) => {
        try {
          await deps.googleWallet.updateLook(card.serial, design);
          patched.push(card.id);
        } catch (err) {
          deps.log.warn({ err, cardId: card.id }, "google wallet: design not sent to the pass");
          failed++;
        }
      }),
    );
    await recordEffects(deps.db, key, patched);
  }
  // pg-boss retries the page for these cards (and logs "job given up" with this when it stops).
  if (failed > 0) throw new Error(`google wallet: design of business ${page.businessId} not sent to ${failed} passes`);
}
