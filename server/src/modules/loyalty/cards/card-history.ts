import { actorColumns, actorView } from "./actor-view";
import { serverKind } from "../../../kinds";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CardEvent, CardHistory, CardSummary, StaffSettings } from "../../../../../contract/cards";
import { fromMinor } from "../../../../../contract/money";
import {
  balanceAmount,
  balanceText,
  deltaText,
  type ProgrammeTerms,
  type ProgrammeWords,
} from "../../../../../contract/programme";
import type { Body, LoyaltyDeps, Query } from "../shared/deps";
import type { Db } from "../../../db/client";
import { businesses, cardEvents, cards, customers, ownerSettings, qrCodes, users } from "../../../db/schema";
import { actingOwnerId, type AuthUser } from "../../../http/auth";
import { forbidden, notFound } from "../../../http/errors";
import { sentence } from "../../../i18n/sentence";
import type { Translate } from "../../../i18n";
import { programmeWords } from "../../../i18n/programme-words";
import { paginate } from "../../../http/paginate";
import { resolveReward, UNKNOWN_CARD } from "./cards";
import { withHolder } from "../engine/card-holder";
import { applyChange } from "../engine/apply";
import { programmeTerms } from "../engine/programme-terms";
import { reasonText, type ReasonPart } from "../engine/history-reason";
import { scanTerms } from "./card-balance";

export const STAFF_MAY_NOT_ADJUST = "cards.staffMayNotAdjust";

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
async function cardSummary(db: Db, user: AuthUser, serial: string, words: ProgrammeWords) {
  const [row] = await withHolder(
    db
      .select({
        card: cards,
        customer_name: customers.name,
        customer_email: customers.email,
        business_name: businesses.businessName,
        currency: businesses.currency,
      })
      .from(cards)
      .$dynamic(),
  )
    .where(and(eq(cards.serial, serial), eq(cards.userId, actingOwnerId(user))))
    .limit(1);
  if (!row) throw notFound(UNKNOWN_CARD);
  const { card } = row;
  const reward = await resolveReward(db, card.businessId, card.rewardId);
  const { currency, options } = await scanTerms(db, reward, row.currency);
  const terms = programmeTerms(reward, currency, options);
  const summary: CardSummary = {
    serial: card.serial,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    business_name: row.business_name,
    stamps: card.stamps,
    stamps_required: terms.stampsRequired,
    reward_title: reward?.title ?? null,
    kind: terms.kind,
    balance_text: balanceText(terms, card.stamps, words),
    lifetime_stamps: card.lifetimeStamps,
    rewards_redeemed: card.rewardsRedeemed,
    flagged_at: card.flaggedAt?.toISOString() ?? null,
    flag_reason: card.flagReason,
  };
  return { card, summary, terms };
}

/**
 * A history entry in its own unit's terms: the programme's own while the card still collects in
 * that unit (a successor of another kind restarted it), else the bare unit ("7 stamps").
 */
function eventTexts(
  words: ProgrammeWords,
  terms: ProgrammeTerms,
  row: { kind: CardEvent["kind"]; unit: CardEvent["unit"]; delta: number; stamps_after: number; amount: number | null },
) {
  const own: ProgrammeTerms =
    row.unit === terms.kind ? terms : { kind: row.unit, stampsRequired: null, currency: terms.currency };
  return {
    delta_text: row.kind === "flag" ? "" : deltaText(own, row.delta, words),
    balance_text: balanceText(own, row.stamps_after, words),
    amount: row.amount !== null && terms.currency ? fromMinor(row.amount, terms.currency) : null,
  };
}

/**
 * A correction: stamps added or removed (never below 0) under the card's row lock, with the
 * reason and who made it in the card's history, in one transaction. Stamps added count toward
 * the card's stamps of the day like any stamp: past the business's fraud threshold the card is
 * flagged, the reason naming who corrected. On a points or cashback card `delta`
 * is in the programme's unit: points, or cashback money in the currency's minor units (cents);
 * an addition counts as one toward the fraud threshold (rules.ts).
 */
export async function adjustCard(
  deps: Pick<LoyaltyDeps, "db" | "events">,
  user: AuthUser,
  body: Body<"cardAdjust">,
  words: ProgrammeWords,
) {
  const ownerId = actingOwnerId(user);
  if (user.role === "staff" && !(await staffMayAdjust(deps.db, ownerId))) throw forbidden(STAFF_MAY_NOT_ADJUST);
  const changed = await deps.db.transaction((tx) =>
    applyChange(
      tx,
      deps.events,
      { serial: body.serial, ownerId },
      {
        kind: "correction",
        delta: body.delta,
        actorUserId: user.id,
        reason: body.reason,
      },
    ),
  );
  if (!changed) throw notFound(UNKNOWN_CARD);
  const { summary, terms } = await cardSummary(deps.db, user, body.serial, words);
  const delta = changed.decision.action === "adjust" ? changed.decision.delta : 0;
  const amount = balanceAmount(terms, Math.abs(delta), words);
  return { message: serverKind(summary.kind).adjustedMessage(delta, amount, summary), summary };
}

/**
 * Visits sold for a pass (a kind that sells visits), under the card's row lock: who sold them and
 * when are in the card's history; the route's Idempotency-Key makes a retry sell them once.
 */
export async function topUpCard(
  deps: Pick<LoyaltyDeps, "db" | "events">,
  user: AuthUser,
  body: Body<"cardTopup">,
  words: ProgrammeWords,
) {
  const ownerId = actingOwnerId(user);
  const changed = await deps.db.transaction((tx) =>
    applyChange(
      tx,
      deps.events,
      { serial: body.serial, ownerId },
      { kind: "topup", visits: body.visits, actorUserId: user.id },
    ),
  );
  if (!changed) throw notFound(UNKNOWN_CARD);
  const { summary } = await cardSummary(deps.db, user, body.serial, words);
  return { message: sentence("cards.toppedUp", { visits: body.visits, balance: summary.balance_text }), summary };
}

/** One part of the engine's reason in the reader's language. */
function partIn(t: Translate, part: ReasonPart): string {
  const number = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 });
  const boost = (multiplier: string | null, bonus: number | null) =>
    `${multiplier ? ` ×${number.format(Number(multiplier))}` : ""}${bonus ? ` +${number.format(bonus)}` : ""}`;
  if ("order" in part) return t("history.order", part.order);
  if ("refund" in part) return t("history.refund", part.refund);
  if ("levelReview" in part) return t("history.levelReview");
  if ("newProgramme" in part) return t("history.newProgramme", part.newProgramme);
  if ("happyHour" in part) {
    const { start, end, multiplier, bonus } = part.happyHour;
    return t("history.happyHour", { start, end, boost: boost(multiplier, bonus) });
  }
  return t("history.level", { name: part.level.name, boost: boost(part.level.multiplier, part.level.bonus) });
}

/**
 * A card of the acting owner with its history, newest first, a page at a time; the engine's
 * reasons in the reader's language, an owner's correction as they typed it.
 */
export async function cardHistory(
  db: Db,
  user: AuthUser,
  query: Query<"cardHistory">,
  t: Translate,
): Promise<CardHistory> {
  const words = programmeWords(t);
  const { card, summary, terms } = await cardSummary(db, user, query.serial, words);
  const where = eq(cardEvents.cardId, card.id);
  const page = await paginate(
    query,
    async () => (await db.select({ n: count() }).from(cardEvents).where(where))[0]!.n,
    async (limit, offset) =>
      (
        await db
          .select({
            id: cardEvents.id,
            kind: cardEvents.kind,
            delta: cardEvents.delta,
            stamps_after: cardEvents.stampsAfter,
            unit: cardEvents.unit,
            amount: cardEvents.amount,
            reason: cardEvents.reason,
            reasonParts: cardEvents.reasonParts,
            actor_name: actor.name,
            ...actorColumns(cardEvents),
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
      ).map(({ createdAt, amount, actorKind, actorKey, actorTill, reasonParts, ...row }): CardEvent => ({
        ...row,
        reason: reasonParts ? reasonText(reasonParts, (part) => partIn(t, part)) : row.reason,
        actor: actorView({ actorKind, actorKey, actorTill }, row.actor_name),
        ...eventTexts(words, terms, { ...row, amount }),
        created_at: createdAt.toISOString(),
      })),
  );
  return { card: summary, ...page };
}

/** Whether the owner's staff may correct cards. */
export async function staffSettings(db: Db, ownerId: number): Promise<StaffSettings> {
  return { staff_may_adjust: await staffMayAdjust(db, ownerId) };
}

export async function saveStaffSettings(db: Db, ownerId: number, staffMayAdjust: boolean): Promise<StaffSettings> {
  await db
    .insert(ownerSettings)
    .values({ userId: ownerId, staffMayAdjust })
    .onConflictDoUpdate({
      target: ownerSettings.userId,
      set: { staffMayAdjust, updatedAt: sql`now()` },
    });
  return { staff_may_adjust: staffMayAdjust };
}
