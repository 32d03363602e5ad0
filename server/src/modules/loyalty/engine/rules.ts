import { referralBonusOf } from "./programme-terms";
import { DEFAULT_KIND } from "../../../../../contract/kinds";
import { serverKind } from "../../../kinds";
import {
  aboveLimitSentence,
  abovePurchaseLimit,
  expiresAt,
  lineEarnAmount,
  MAX_BALANCE,
  purchaseMinor,
  visitEarn,
} from "./earn";
import { redeemCost } from "./spend";
import { boostedEarn } from "./boost";
import { levelPart, promotionPart, type ReasonPart } from "./history-reason";
import { levelAfterEarn, levelAt } from "./levels";
import type {
  CardRow,
  RewardRow,
  DayBounds,
  CardValues,
  Unit,
  CardState,
  RedeemOption,
  Change,
  ChangeAction,
  Decision,
} from "./types";

export type * from "./types";

/**
 * The rules of a card, each written once: pure functions of the card's row as its lock read it,
 * the reward it collects for, the business and the business's day. Every change to a card
 * (engine/apply.ts, engine/join.ts) and every view of one (cards/cards.ts) decides here. The types
 * they speak in are in types.ts, which earn.ts and spend.ts read too (no loop back to this file).
 */

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

/** No active reward at the business: nobody joins, and no self-scan stamps (nothing to collect for). */
export const NO_PROGRAMME = "scan.noProgramme";

/**
 * Joins from one device within this many minutes, beyond which a join is flagged. The device, not
 * the address: a café's Wi-Fi or a carrier's NAT puts many customers behind one address.
 */
export const JOIN_ALERT = { joins: 3, minutes: 10 };

/** The join alert's reason, when `joins` joins from one device in the window are too many. */
export const joinAlert = (joins: number) =>
  joins > JOIN_ALERT.joins ? `${joins} cards joined from one device in ${JOIN_ALERT.minutes} minutes.` : null;

type Changed = (
  action: ChangeAction,
  delta: number,
  values: CardValues,
  kind: { visit: boolean; added: number; amount?: number | null },
) => Decision;

/**
 * A refund takes back what its order earned, once (order-earn.ts), never below zero: nothing when
 * the card's balance is now in another unit (a successor of another kind restarted it). The
 * purchase leaves the lifetime spend, so cashback tiers count only what was kept.
 */
function refundDecision(card: CardRow, unit: Unit, change: Extract<Change, { kind: "refund" }>, changed: Changed) {
  const take = change.unit === unit ? Math.min(Math.max(0, change.earned), card.stamps) : 0;
  const spend = Math.max(0, card.lifetimeSpend - (change.amount ?? 0));
  if (take === 0 && spend === card.lifetimeSpend) return { action: "wait", nextAt: null } as const;
  return changed(
    "adjust",
    -take,
    { ...card, stamps: card.stamps - take, lifetimeSpend: spend },
    {
      visit: false,
      added: 0,
    },
  );
}

/** The card's daily counters after `added` visits (or corrected stamps) today, a new day's reset first. */
function counted(card: CardRow, today: string, added: number, selfAdded: number) {
  const counters = dayCounters(card, today);
  return {
    stampDay: today,
    stampsToday: counters.stampsToday + added,
    selfStampsToday: counters.selfStampsToday + selfAdded,
  };
}

/**
 * The one decision on a locked card: every rule applies here, in this order: the programme (and
 * its kind: a successor of another kind restarts the balance at 0), the change's own rules, the
 * balance never below zero, the day's counters and the fraud threshold.
 */
export function decide(state: CardState, change: Change): Decision {
  const { reward, day, fraudThreshold, currency, maxPurchase } = state;
  const { today } = day;
  const restart = reward && reward.kind !== state.unit ? { title: reward.title } : null;
  const card: CardRow = restart ? { ...state.card, stamps: 0, rewardId: reward!.id } : state.card;
  const unit = reward?.kind ?? state.unit;
  const changed = (
    action: ChangeAction,
    delta: number,
    values: CardValues,
    kind: {
      selfStamp?: boolean;
      visit: boolean;
      added: number;
      amount?: number | null;
      option?: RedeemOption;
      boostedBy?: ReasonPart[];
      promotionExtra?: number;
    },
  ): Decision => {
    if (values.stamps > MAX_BALANCE) {
      const field = change.kind === "correction" ? "delta" : "amount";
      return { action: "refuse", field, message: "scan.balanceTooLarge" };
    }
    // Visits (and stamps corrected in) count toward the fraud threshold; its alert marks the day it fired.
    const flag = kind.added > 0 && crossesFraudThreshold(values, fraudThreshold, today);
    return {
      action,
      delta,
      unit,
      values: { ...values, alertDay: flag ? today : values.alertDay },
      amount: kind.amount ?? null,
      option: kind.option ?? null,
      restart,
      selfStamp: kind.selfStamp ?? false,
      visit: kind.visit,
      flag,
      boostedBy: kind.boostedBy ?? [],
      promotionExtra: kind.promotionExtra ?? 0,
    };
  };
  /**
   * An earn of `base` on a visit, boosted (boost.ts): the balance, lifetime totals and the day's
   * counters (`added` toward fraud).
   */
  const earn = (base: number, amount: number | null, self: Partial<CardValues> | null, added = 1) => {
    // The level this earn reaches earns at its rate from this earn on (levels.ts).
    const level = levelAfterEarn(reward!, card.level, state.levelMeasure ?? 0, { base, amount });
    const { earned, promotion, extra } = boostedEarn(serverKind(unit), base, {
      level: level.boost,
      promotions: state.promotions ?? [],
    });
    const boostedBy: ReasonPart[] = [
      ...(level.boost && level.level ? [levelPart(level.level)] : []),
      ...(promotion ? [promotionPart(promotion)] : []),
    ];
    return changed(
      "stamp",
      earned,
      {
        ...card,
        stamps: card.stamps + earned,
        lifetimeStamps: card.lifetimeStamps + earned,
        lifetimeSpend: card.lifetimeSpend + (amount ?? 0),
        rewardId: card.rewardId ?? reward!.id,
        level: level.level?.name ?? null,
        ...counted(card, today, added, self ? 1 : 0),
        ...self,
      },
      { visit: true, selfStamp: self !== null, added, amount, boostedBy, promotionExtra: extra },
    );
  };
  /** A redeem of `cost`: the card moves to the reward it redeemed; the day's counters only reset. */
  const spend = (cost: number, option?: RedeemOption) =>
    changed(
      "redeem",
      -cost,
      {
        ...card,
        stamps: card.stamps - cost,
        rewardsRedeemed: card.rewardsRedeemed + 1,
        rewardId: reward!.id,
        ...counted(card, today, 0, 0),
      },
      { visit: true, added: 0, option },
    );

  if (change.kind === "correction") {
    // Never below zero. What was added counts toward the day as the kind counts it.
    const stamps = Math.max(0, card.stamps + change.delta);
    const delta = stamps - card.stamps;
    const added = delta > 0 ? serverKind(unit).dayCount(delta) : 0;
    const values = { ...card, stamps, ...(added > 0 && counted(card, today, added, 0)) };
    return changed("adjust", delta, values, { visit: false, added });
  }

  if (change.kind === "refund") return refundDecision(card, unit, change, changed);

  // With no active reward there is nothing to collect for: a balance would carry over into the
  // next programme. Expiry and bonuses (jobs, not people) have nothing to do then.
  if (!reward)
    return change.kind === "expire" || change.kind === "referral"
      ? { action: "wait", nextAt: null }
      : { action: "refuse" };

  if (change.kind === "topup") {
    // Visits sold: only a kind that sells them. Not a visit, not counted toward fraud; the expiry restarts.
    if (!serverKind(unit).sellsVisits) return { action: "refuse", field: "serial", message: "cards.notAPass" };
    const values = {
      ...card,
      stamps: card.stamps + change.visits,
      lifetimeStamps: card.lifetimeStamps + change.visits,
      rewardId: card.rewardId ?? reward.id,
    };
    return changed("topup", change.visits, values, { visit: false, added: 0 });
  }

  if (change.kind === "expire") {
    const at = expiresAt(card, reward);
    if (!at || at > day.now || card.stamps === 0) return { action: "wait", nextAt: at };
    return changed("expire", -card.stamps, { ...card, stamps: 0 }, { visit: false, added: 0 });
  }

  if (change.kind === "level") {
    // The measure now (a rolling period forgets old earns): up or down, a change only when it moves.
    const level = levelAt(reward.levels, state.levelMeasure ?? 0)?.name ?? null;
    if (level === card.level) return { action: "wait", nextAt: null };
    return changed("adjust", 0, { ...card, level }, { visit: false, added: 0 });
  }

  if (change.kind === "referral") {
    // Stamps, points or cashback's minor units. Not a visit, not counted toward fraud.
    const bonus = change.bonus ?? referralBonusOf(reward);
    if (bonus <= 0) return { action: "wait", nextAt: null };
    const values = { ...card, stamps: card.stamps + bonus, lifetimeStamps: card.lifetimeStamps + bonus };
    return changed("referral", bonus, values, { visit: false, added: 0 });
  }

  if (change.kind === "redeem") {
    const spent = redeemCost(reward, card.stamps, change, currency);
    return "message" in spent ? { action: "refuse", ...spent } : spend(spent.cost, spent.option ?? undefined);
  }

  // The amount rule, one for every path (the scanner, /v1, the tills) and every kind: a purchase
  // above the business's limit earns nothing (a stamp card's amount, unread, is held to it too).
  if ((change.kind === "staff-scan" || change.kind === "earn") && change.amount && currency) {
    const amount = purchaseMinor(change.amount, currency);
    if ("minor" in amount && abovePurchaseLimit(amount.minor, maxPurchase, currency)) {
      return { action: "refuse", field: "amount", message: aboveLimitSentence(maxPurchase, currency) };
    }
  }

  if (change.kind === "staff-scan" || change.kind === "earn") {
    // The kind decides: a stamp card stamps (or, at the scanner, takes its reward once reached);
    // points and cashback earn on the amount and never redeem here (card-redeem does). An order
    // from outside earns as a staff scan, never redeems.
    const lines = linesMinor(change, currency);
    if ("action" in lines) return lines;
    const verdict = serverKind(unit).staffEarn({
      reward,
      balance: card.stamps,
      lifetimeSpend: card.lifetimeSpend,
      currency,
      amount: () => (change.amount ? purchaseMinor(change.amount, currency) : null),
      earnOn: (minor) => (lines.length > 0 ? lineEarnAmount(minor, lines, state.categoryRules ?? []) : minor),
      order: change.kind === "earn" ? { stamps: change.stamps } : null,
    });
    if (verdict.action === "refuse") return { action: "refuse", field: verdict.field, message: verdict.message };
    if (verdict.action === "spend") return spend(verdict.cost);
    return earn(verdict.earned, verdict.amount, null, verdict.added);
  }

  // A self-scan: the rules of the card's own reward, never the scanned code's. No amount: visit
  // points only, and a cashback card's visit earns nothing (but counts as one).
  const nextAt = nextStampAt(card, reward, day);
  if (counterCodeUsed(card, change.counterWindow) || nextAt) return { action: "wait", nextAt };
  return earn(visitEarn(reward), null, { lastCounterWindow: change.counterWindow ?? card.lastCounterWindow });
}

/**
 * A purchase's lines in minor units: the staff's split may not add up to more than the amount
 * (each line's amount, as any amount, in the currency's decimals); an order's lines are as the till
 * sent them (lineEarnAmount counts them up to the total).
 */
function linesMinor(
  change: Extract<Change, { kind: "staff-scan" | "earn" }>,
  currency: string | null,
): { minor: number; categories: readonly number[] }[] | Extract<Decision, { action: "refuse" }> {
  if (!change.lines?.length || !change.amount || !currency) return [];
  const lines = [];
  for (const [i, line] of change.lines.entries()) {
    const parsed = purchaseMinor(line.amount, currency);
    // A till's line that is no amount (a free item) counts nothing; the staff's split is refused.
    if ("error" in parsed) {
      if (change.kind === "earn") continue;
      return { action: "refuse", field: `lines.${i}.amount`, message: parsed.error };
    }
    lines.push({ minor: parsed.minor, categories: line.categories });
  }
  const total = purchaseMinor(change.amount, currency);
  const sum = lines.reduce((all, line) => all + line.minor, 0);
  if (change.kind === "staff-scan" && "minor" in total && sum > total.minor) {
    return { action: "refuse", field: "lines", message: "scan.linesExceedAmount" };
  }
  return lines;
}

/**
 * A new card's values: a visit of today (a self-scan) that earns what a visit earns (a stamp, the
 * visit's points, no cashback); flagged from the start when `joins` (this one included) from its
 * device in the window are too many.
 */
export function joinDecision(reward: RewardRow | null, today: string, counterWindow: number | null, joins: number) {
  const flag = joinAlert(joins);
  const earned = reward ? visitEarn(reward) : 1;
  const values: CardValues = {
    stamps: earned,
    lifetimeStamps: earned,
    lifetimeSpend: 0,
    rewardsRedeemed: 0,
    rewardId: reward?.id ?? null,
    lastCounterWindow: counterWindow,
    stampDay: today,
    stampsToday: 1,
    selfStampsToday: 1,
    alertDay: flag ? today : null,
    level: null,
  };
  return { values, flag, unit: reward?.kind ?? DEFAULT_KIND };
}
