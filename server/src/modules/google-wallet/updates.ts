import { unusedVouchers } from "../offers/queries";
import { cardLevelView } from "../levels/progress";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { businesses, cards } from "../../db/schema";
import { localeOrDefault } from "../../i18n";
import { onceOutside } from "../../services/effects";
import { resolveReward } from "../loyalty/cards/cards";
import { cardTerms } from "../loyalty/cards/card-balance";
import type { GoogleWalletDeps } from "./deps";
import { businessDesign } from "./design";
import { googleDesignUpdates } from "./design-updates";
import { googleMessageUpdates } from "./message-updates";
import { passReward } from "./save-link";

/**
 * Keeps saved Google Wallet passes in step with their cards. One PATCH per event,
 * however often its job runs: the PATCH that went through is recorded under the job's id.
 */
export function registerGoogleWalletUpdates(app: FastifyInstance, deps: GoogleWalletDeps) {
  if (!deps.googleWallet.configured) return;
  app.events.on("card.changed", "google-wallet", ({ cardId }, job) => updateCardPass(deps, cardId, job.id));
  // A deleted card's pass stops showing it as live. Its own queue: a pending update of
  // the card finds no row and does nothing, whichever runs first.
  app.events.on("card.deleted", "google-wallet-expire", ({ serial }, job) =>
    onceOutside(deps.db, { kind: "google-expire", source: job.id }, serial, () => deps.googleWallet.expireCard(serial)),
  );
  // A new card design: one PATCH of the business's class, which every saved pass shows…
  app.events.on("card.designed", "google-wallet-design", ({ businessId }, job) =>
    updateClassLook(deps, businessId, job.id),
  );
  // …and of each saved pass, whose own colour and hero override the class's.
  googleDesignUpdates(app, deps);
  // A message to the card holders: the objects of the cards it reached list it.
  googleMessageUpdates(app, deps);
}

/** A card's new balance to its saved pass, once per event (`source`: the event's job id). */
export async function updateCardPass(deps: GoogleWalletDeps, cardId: number, source: string) {
  const [row] = await deps.db
    .select({ card: cards, locale: businesses.cardLocale })
    .from(cards)
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .where(eq(cards.id, cardId))
    .limit(1);
  if (!row) return;
  const { card } = row;
  const locale = localeOrDefault(row.locale);
  const reward = await resolveReward(deps.db, card.businessId, card.rewardId);
  const terms = await cardTerms(deps.db, card.businessId, reward);
  const { design } = await businessDesign(deps, card.businessId);
  const vouchers = await unusedVouchers(deps.db, card.id);
  const level = await cardLevelView(deps.db, card.id);
  await onceOutside(deps.db, { kind: "google-card", source }, cardId, () =>
    deps.googleWallet.updateCard(
      { serial: card.serial, stamps: card.stamps, reward: passReward(reward), terms, locale, vouchers, level },
      design,
    ),
  );
}

/** A business's design to its class, once per event (`source`: the event's job id). */
export async function updateClassLook(deps: GoogleWalletDeps, businessId: number, source: string) {
  const business = await businessDesign(deps, businessId);
  if (!business.exists) return;
  await onceOutside(deps.db, { kind: "google-class", source }, businessId, () =>
    deps.googleWallet.updateClass(businessId, business.design),
  );
}
