import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { businesses, cards } from "../../db/schema";
import { localeOrDefault } from "../../i18n";
import { onceOutside } from "../../services/effects";
import { resolveReward } from "../loyalty/cards/cards";
import { cardTerms } from "../loyalty/cards/card-balance";
import { businessDesign } from "./design";
import { googleDesignUpdates } from "./design-updates";
import { googleMessageUpdates } from "./message-updates";
import { passReward } from "./save-link";

/**
 * Keeps saved Google Wallet passes in step with their cards. One PATCH per event,
 * however often its job runs: the PATCH that went through is recorded under the job's id.
 */
export function registerGoogleWalletUpdates(app: FastifyInstance) {
  if (!app.googleWallet.configured) return;
  app.events.on("card.changed", "google-wallet", async ({ cardId }, job) => {
    const [row] = await app.db
      .select({ card: cards, locale: businesses.cardLocale })
      .from(cards)
      .innerJoin(businesses, eq(businesses.id, cards.businessId))
      .where(eq(cards.id, cardId))
      .limit(1);
    if (!row) return;
    const { card } = row;
    const locale = localeOrDefault(row.locale);
    const reward = await resolveReward(app.db, card.businessId, card.rewardId);
    const terms = await cardTerms(app.db, card.businessId, reward);
    const { design } = await businessDesign(app, card.businessId);
    await onceOutside(app.db, { kind: "google-card", source: job.id }, cardId, () =>
      app.googleWallet.updateCard(
        { serial: card.serial, stamps: card.stamps, reward: passReward(reward), terms, locale },
        design,
      ),
    );
  });
  // A deleted card's pass stops showing it as live. Its own queue: a pending update of
  // the card finds no row and does nothing, whichever runs first.
  app.events.on("card.deleted", "google-wallet-expire", ({ serial }, job) =>
    onceOutside(app.db, { kind: "google-expire", source: job.id }, serial, () => app.googleWallet.expireCard(serial)),
  );
  // A new card design: one PATCH of the business's class, which every saved pass shows…
  app.events.on("card.designed", "google-wallet-design", async ({ businessId }, job) => {
    const business = await businessDesign(app, businessId);
    if (!business.exists) return;
    await onceOutside(app.db, { kind: "google-class", source: job.id }, businessId, () =>
      app.googleWallet.updateClass(businessId, business.design),
    );
  });
  // …and of each saved pass, whose own colour and hero override the class's.
  googleDesignUpdates(app);
  // A message to the card holders: the objects of the cards it reached list it.
  googleMessageUpdates(app);
}
