import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../lib/contract/calls";
import type { CardEvent, CardHistory, CardSummary, StaffSettings } from "../../../../lib/contract/cards";
import type { Db } from "../../db/client";
import { businesses, cardEvents, cards, customers, ownerSettings, qrCodes, users } from "../../db/schema";
import { actingOwnerId, type AuthUser } from "../../http/auth";
import { forbidden, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";
import { resolveReward } from "./cards";
import { applyChange } from "./engine/apply";
import { UNKNOWN_CARD } from "./stamping";

export const STAFF_MAY_NOT_ADJUST =
  "Only the owner can correct a card's stamps. The owner can allow staff in the staff settings.";

const actor = alias(users, "actor");

async function staffMayAdjust(db: Db, ownerId: number) {
  const [row] = await db
    .select({ allowed: ownerSettings.staffMayAdjust })
    .from(ownerSettings)
    .where(eq(ownerSettings.userId, ownerId))
    .limit(1);
  return row?.allowed ?? false;
}

/** A card of the acting owner by its serial, with what its detail shows; another owner's is a 404. */
async function cardSummary(db: Db, user: AuthUser, serial: string) {
  const [row] = await db
    .select({
      card: cards,
      customer_name: customers.name,
      customer_email: customers.email,
      business_name: businesses.businessName,
    })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .where(and(eq(cards.serial, serial), eq(cards.userId, actingOwnerId(user))))
    .limit(1);
  if (!row) throw notFound(UNKNOWN_CARD);
  const { card } = row;
  const reward = await resolveReward(db, card.businessId, card.rewardId);
  const summary: CardSummary = {
    serial: card.serial,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    business_name: row.business_name,
    stamps: card.stamps,
    stamps_required: reward?.stampsRequired ?? null,
    reward_title: reward?.title ?? null,
    lifetime_stamps: card.lifetimeStamps,
    rewards_redeemed: card.rewardsRedeemed,
    flagged_at: card.flaggedAt?.toISOString() ?? null,
    flag_reason: card.flagReason,
  };
  return { card, summary };
}

export function cardHistoryRoutes(app: FastifyInstance) {
  /**
   * A correction: stamps added or removed (never below 0) under the card's row lock, with the
   * reason and who made it in the card's history, in one transaction. Stamps added count toward
   * the card's stamps of the day like any stamp: past the business's fraud threshold the card is
   * flagged, the reason naming who corrected (issue 22 §5).
   */
  route(app, calls.cardAdjust, async ({ user, body }) => {
    const ownerId = actingOwnerId(user);
    if (user.role === "staff" && !(await staffMayAdjust(app.db, ownerId))) throw forbidden(STAFF_MAY_NOT_ADJUST);
    const changed = await app.db.transaction((tx) =>
      applyChange(tx, app.events, and(eq(cards.serial, body.serial), eq(cards.userId, ownerId)), {
        kind: "correction",
        delta: body.delta,
        actorUserId: user.id,
        reason: body.reason,
      }),
    );
    if (!changed) throw notFound(UNKNOWN_CARD);
    const { summary } = await cardSummary(app.db, user, body.serial);
    const delta = changed.after.stamps - changed.card.stamps;
    const n = Math.abs(delta);
    const message =
      delta === 0
        ? "The card has no stamps to remove: nothing changed."
        : `${delta > 0 ? "Added" : "Removed"} ${n} stamp${n === 1 ? "" : "s"}: the card has ${summary.stamps} now.`;
    return { message, data: summary };
  });

  route(app, calls.cardHistory, async ({ user, query }) => {
    const { card, summary } = await cardSummary(app.db, user, query.serial);
    const where = eq(cardEvents.cardId, card.id);
    const page = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(cardEvents).where(where))[0]!.n,
      async (limit, offset) =>
        (
          await app.db
            .select({
              id: cardEvents.id,
              kind: cardEvents.kind,
              delta: cardEvents.delta,
              stamps_after: cardEvents.stampsAfter,
              reason: cardEvents.reason,
              actor_name: actor.name,
              qr_label: qrCodes.label,
              createdAt: cardEvents.createdAt,
            })
            .from(cardEvents)
            .leftJoin(actor, eq(actor.id, cardEvents.actorUserId))
            .leftJoin(qrCodes, eq(qrCodes.id, cardEvents.qrCodeId))
            .where(where)
            .orderBy(desc(cardEvents.id))
            .limit(limit)
            .offset(offset)
        ).map(({ createdAt, ...row }): CardEvent => ({ ...row, created_at: createdAt.toISOString() })),
    );
    const data: CardHistory = { card: summary, ...page };
    return { message: "Card history.", data };
  });

  route(app, calls.staffSettings, async ({ user }) => {
    const data: StaffSettings = { staff_may_adjust: await staffMayAdjust(app.db, user.id) };
    return { message: "Staff settings.", data };
  });

  route(app, calls.staffSettingsUpdate, async ({ user, body }) => {
    await app.db
      .insert(ownerSettings)
      .values({ userId: user.id, staffMayAdjust: body.staff_may_adjust })
      .onConflictDoUpdate({
        target: ownerSettings.userId,
        set: { staffMayAdjust: body.staff_may_adjust, updatedAt: sql`now()` },
      });
    const data: StaffSettings = { staff_may_adjust: body.staff_may_adjust };
    return { message: "Staff settings saved.", data };
  });
}
