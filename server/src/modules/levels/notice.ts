import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { businesses, businessMessages, cards, messageRecipients, rewards } from "../../db/schema";
import { localeOrDefault, translator } from "../../i18n";
import { claimEffect } from "../../services/effects";
import type { EventOf, Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import { queueCardHolderPush } from "../notifications/push-targets";
import { levelAmountText } from "./amount";
import { cardLevel } from "./progress";

/** What the level notices use that the composition root (app.ts) creates. */
export type LevelNoticeDeps = { db: Db; events: Events; jobs: Jobs; config: Pick<Config, "fcm"> };

/** The message segment a level notice is written under (it reaches its one card). */
export const LEVEL_SEGMENT = "level";

/**
 * The customer hears of their card's level moving: a message on the card (its page and passes)
 * and a push to its devices, in the card's language, once per event (the effect is claimed in the
 * message's transaction).
 */
export async function sendLevelNotice(deps: LevelNoticeDeps, e: EventOf<"card.level_changed">, source: string) {
  const { db } = deps;
  const [row] = await db
    .select({
      locale: cards.locale,
      cardLocale: businesses.cardLocale,
      business: businesses.businessName,
      currency: businesses.currency,
      kind: rewards.kind,
      levelBasis: rewards.levelBasis,
      stampsRequired: rewards.stampsRequired,
    })
    .from(cards)
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .leftJoin(rewards, eq(rewards.id, cards.rewardId))
    .where(eq(cards.id, e.cardId))
    .limit(1);
  // The card is gone, or the level moved back since: nothing to tell.
  if (!row) return;
  const t = translator(localeOrDefault(row.locale ?? row.cardLocale));
  let title: string;
  let message: string;
  if (e.up && e.level) {
    title = t("level.reachedTitle", { level: e.level });
    message = t("level.reachedBody", { level: e.level, business: row.business });
  } else if (e.level) {
    title = t("level.downTitle");
    message = t("level.downBody", { level: e.level, business: row.business });
  } else {
    const progress = await cardLevel(db, e.cardId);
    const reward = row.kind
      ? { kind: row.kind, levelBasis: row.levelBasis!, stampsRequired: row.stampsRequired! }
      : null;
    title = t("level.downTitle");
    message = t("level.downBodyNone", {
      business: row.business,
      next: progress?.next ?? "",
      amount: progress && reward ? levelAmountText(progress, reward, row.currency, t) : "",
    });
  }
  await db.transaction(async (tx) => {
    if (!(await claimEffect(tx, { kind: "level-notice", source }, e.cardId))) return;
    const [sent] = await tx
      .insert(businessMessages)
      .values({
        userId: e.ownerId,
        businessId: e.businessId,
        title: title.slice(0, 120),
        message: message.slice(0, 480),
        segment: LEVEL_SEGMENT,
        // A notice of the card's own progress: never held by the weekly cap, never counted.
        marketing: false,
      })
      .returning({ id: businessMessages.id });
    await tx.insert(messageRecipients).values({ messageId: sent!.id, cardId: e.cardId });
    await queueCardHolderPush(deps, tx, e.businessId, { title, body: message }, sent!.id);
    await deps.events.emit(tx, {
      type: "message.sent",
      ownerId: e.ownerId,
      businessId: e.businessId,
      messageId: sent!.id,
      title,
      message,
      segmented: true,
    });
  });
}

/** Every level move reaches its customer. */
export function registerLevelNotices(deps: LevelNoticeDeps) {
  deps.events.on("card.level_changed", "level-notice", (e, job) => sendLevelNotice(deps, e, job.id));
}
