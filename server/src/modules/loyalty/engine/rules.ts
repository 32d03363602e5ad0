import type { cards, rewards } from "../../../db/schema";
import { rewardReady } from "../reward-ready";

/**
 * The rules of a card, each written once: pure functions of the card's row as its lock read it,
 * the reward it collects for, the business and the business's day. Every change to a card
 * (engine/apply.ts, engine/join.ts) and every view of one (cards.ts) decides here.
 */
export type CardRow = typeof cards.$inferSelect;
export type RewardRow = typeof rewards.$inferSelect;

/** The business's day as the database sees it now (day.ts): the daily cap's boundaries. */
export type DayBounds = { now: Date; today: string; tomorrow: Date };

/** The card's columns a change writes: its balance, its daily counters and what it collects for. */
export type CardValues = Pick<
  CardRow,
  | "stamps"
  | "lifetimeStamps"
  | "rewardsRedeemed"
  | "rewardId"
  | "lastCounterWindow"
  | "stampDay"
  | "stampsToday"
  | "selfStampsToday"
  | "alertDay"
>;

/**
 * The reward a card or QR code collects for: its own while active, else the business's newest
 * active one (a retired programme hands over to its successor), else none. `candidates` are the
 * rewards of the card's business that may answer (its own and the newest active one, as read).
 */
export function chooseReward(candidates: readonly (RewardRow | null)[], preferredId: number | null): RewardRow | null {
  const active = candidates.filter((r): r is RewardRow => r !== null && r.active);
  const own = active.find((r) => r.id === preferredId);
  if (own) return own;
  return active.reduce<RewardRow | null>((newest, r) => (!newest || r.id > newest.id ? r : newest), null);
}

/** The card's daily counters as of `today`: a new business day starts them at zero. */
export function dayCounters(card: Pick<CardRow, "stampDay" | "stampsToday" | "selfStampsToday">, today: string) {
  const sameDay = card.stampDay === today;
  return { stampsToday: sameDay ? card.stampsToday : 0, selfStampsToday: sameDay ? card.selfStampsToday : 0 };
}

/** Self-scans the card made today (join included), per its daily counters. */
export const selfStampsToday = (card: Pick<CardRow, "stampDay" | "selfStampsToday">, today: string) =>
  card.stampDay === today ? card.selfStampsToday : 0;

/**
 * When a self-scan may stamp again, or null when it may now: the reward's cooldown since the last
 * own stamp and, past the reward's daily cap (with the day known), the business's next day.
 */
export function nextStampAt(
  card: Pick<CardRow, "lastSelfStampAt" | "stampDay" | "selfStampsToday">,
  reward: Pick<RewardRow, "cooldownMinutes" | "dailyCap"> | null,
  day: DayBounds | null = null,
) {
  if (!reward) return null;
  const now = day?.now ?? new Date();
  let next: Date | null = null;
  if (card.lastSelfStampAt) {
    const cooled = new Date(card.lastSelfStampAt.getTime() + reward.cooldownMinutes * 60_000);
    if (cooled > now) next = cooled;
  }
  if (day && reward.dailyCap > 0 && selfStampsToday(card, day.today) >= reward.dailyCap) {
    if (!next || day.tomorrow > next) next = day.tomorrow;
  }
  return next;
}

/** A counter code stamps a card once: the same code again (or an older one) waits. */
export const counterCodeUsed = (card: Pick<CardRow, "lastCounterWindow">, counterWindow: number | null) =>
  counterWindow !== null && card.lastCounterWindow !== null && counterWindow <= card.lastCounterWindow;

/**
 * The fraud alert: more stamps on one card in one business day than the business's threshold
 * (staff stamps, self-scans and corrections that add alike) flag the card, once per card per day.
 */
export const crossesFraudThreshold = (
  after: Pick<CardValues, "stampsToday" | "alertDay">,
  threshold: number,
  today: string,
) => after.stampsToday > threshold && after.alertDay !== today;

/**
 * Joins from one device within this many minutes, beyond which a join is flagged. The device, not
 * the address: a café's Wi-Fi or a carrier's NAT puts many customers behind one address.
 */
export const JOIN_ALERT = { joins: 3, minutes: 10 };

/** The join alert's reason, when `joins` joins from one device in the window are too many. */
export const joinAlert = (joins: number) =>
  joins > JOIN_ALERT.joins ? `${joins} cards joined from one device in ${JOIN_ALERT.minutes} minutes.` : null;

/** What a card locked for a change is, with what the rules read beside it. */
export type CardState = {
  card: CardRow;
  reward: RewardRow | null;
  day: DayBounds;
  fraudThreshold: number;
};

/** A change someone asks of a card. */
export type Change =
  | { kind: "staff-scan"; staffUserId: number }
  | { kind: "self-scan"; qr: { id: number; addressId: number | null }; counterWindow: number | null }
  | { kind: "correction"; delta: number; actorUserId: number; reason: string }
  | { kind: "expire" }
  | { kind: "referral"; bonus: number };

/** What the rules decided: refuse (no programme), wait (not now), or the card's new values. */
export type Decision =
  | { action: "refuse" }
  | { action: "wait"; nextAt: Date | null }
  | {
      action: "stamp" | "redeem" | "adjust" | "expire" | "referral";
      /** The stamps added (or, negative, removed): the history's delta. */
      delta: number;
      values: CardValues;
      /** A self-scan: the cooldown starts now. */
      selfStamp: boolean;
      /** A visit: stamps and redeems, not corrections. */
      visit: boolean;
      /** This change passes the fraud threshold for the first time today: flag the card. */
      flag: boolean;
    };

/** The card's values after `added` stamps today (any kind), with the counters of a new day reset. */
function counted(card: CardRow, today: string, added: number, selfAdded: number) {
  const counters = dayCounters(card, today);
  return {
    stampDay: today,
    stampsToday: counters.stampsToday + added,
    selfStampsToday: counters.selfStampsToday + selfAdded,
  };
}

/** The one decision on a locked card: every rule applies here, in this order. */
export function decide(state: CardState, change: Change): Decision {
  const { card, reward, day, fraudThreshold } = state;
  const { today } = day;
  if (change.kind === "expire") return decideExpire(card, reward, day.now);
  if (change.kind === "referral") return decideReferral(card, reward, change.bonus);
  const changed = (
    action: "stamp" | "redeem" | "adjust",
    delta: number,
    values: CardValues,
    kind: { selfStamp?: boolean; visit: boolean },
  ): Decision => {
    // Only stamps added count toward the fraud threshold, and its alert marks the day it fired.
    const flag = delta > 0 && crossesFraudThreshold(values, fraudThreshold, today);
    return {
      action,
      delta,
      values: { ...values, alertDay: flag ? today : values.alertDay },
      selfStamp: kind.selfStamp ?? false,
      visit: kind.visit,
      flag,
    };
  };

  if (change.kind === "correction") {
    // Never below zero; stamps added count toward the day like any stamp, removals touch no counter.
    const stamps = Math.max(0, card.stamps + change.delta);
    const delta = stamps - card.stamps;
    return changed(
      "adjust",
      delta,
      { ...card, stamps, ...(delta > 0 && counted(card, today, delta, 0)) },
      { visit: false },
    );
  }

  // With no active reward there is nothing to collect for: stamps would carry over into the next programme.
  if (!reward) return { action: "refuse" };

  if (change.kind === "staff-scan") {
    if (rewardReady(card.stamps, reward.stampsRequired)) {
      const values = {
        ...card,
        stamps: card.stamps - reward.stampsRequired,
        rewardsRedeemed: card.rewardsRedeemed + 1,
        rewardId: reward.id,
        ...counted(card, today, 0, 0),
      };
      return changed("redeem", -reward.stampsRequired, values, { visit: true });
    }
    const values = {
      ...card,
      stamps: card.stamps + 1,
      lifetimeStamps: card.lifetimeStamps + 1,
      rewardId: card.rewardId ?? reward.id,
      ...counted(card, today, 1, 0),
    };
    return changed("stamp", 1, values, { visit: true });
  }

  // A self-scan: the rules of the card's own reward, never the scanned code's.
  const nextAt = nextStampAt(card, reward, day);
  if (counterCodeUsed(card, change.counterWindow) || nextAt) return { action: "wait", nextAt };
  const values = {
    ...card,
    stamps: card.stamps + 1,
    lifetimeStamps: card.lifetimeStamps + 1,
    lastCounterWindow: change.counterWindow ?? card.lastCounterWindow,
    rewardId: card.rewardId ?? reward.id,
    ...counted(card, today, 1, 1),
  };
  return changed("stamp", 1, values, { selfStamp: true, visit: true });
}

/** Whether a card's stamps or points have lapsed at `now`: its reward's days since its last visit. */
export function expiryDue(
  card: Pick<CardRow, "stamps" | "lastVisitAt">,
  reward: Pick<RewardRow, "kind" | "expireAfterDays"> | null,
  now: Date,
) {
  // Cashback is money the customer is owed: it never lapses.
  if (!reward || reward.kind === "cashback" || reward.expireAfterDays === null || card.stamps <= 0) return false;
  return card.lastVisitAt.getTime() + reward.expireAfterDays * 86_400_000 <= now.getTime();
}

/** Expiry (the daily job): the whole balance lapses, once due; not a visit, no counter moves. */
export function decideExpire(card: CardRow, reward: RewardRow | null, now: Date): Decision {
  if (!expiryDue(card, reward, now)) return { action: "wait", nextAt: null };
  const values = { ...card, stamps: 0 };
  return { action: "expire", delta: -card.stamps, values, selfStamp: false, visit: false, flag: false };
}

/**
 * The referral bonus (stamps or points; cashback has none): not a visit, and not counted toward
 * the fraud threshold. Nothing to add (no programme, a cashback one, a bonus of 0): nothing written.
 */
export function decideReferral(card: CardRow, reward: RewardRow | null, bonus: number): Decision {
  if (!reward || reward.kind === "cashback" || bonus <= 0) return { action: "wait", nextAt: null };
  const values = { ...card, stamps: card.stamps + bonus, rewardId: card.rewardId ?? reward.id };
  return { action: "referral", delta: bonus, values, selfStamp: false, visit: false, flag: false };
}

/**
 * A new card's values: its first stamp, a self-scan of today; flagged from the start when `joins`
 * (this one included) from its device in the window are too many.
 */
export function joinDecision(reward: RewardRow | null, today: string, counterWindow: number | null, joins: number) {
  const flag = joinAlert(joins);
  const values: CardValues = {
    stamps: 1,
    lifetimeStamps: 1,
    rewardsRedeemed: 0,
    rewardId: reward?.id ?? null,
    lastCounterWindow: counterWindow,
    stampDay: today,
    stampsToday: 1,
    selfStampsToday: 1,
    alertDay: flag ? today : null,
  };
  return { values, flag };
}
