import { toHundredths } from "../../../../../contract/money";
import type { Boost, ServerKind } from "../../../kinds";

/**
 * What earns more than a visit's base: a level's rate, then the happy hour running now. The one
 * place an earn is multiplied or added to (rules.ts calls it for every earn); a new source of
 * multipliers joins `boostedEarn` here.
 */

/** A happy hour as the engine reads it (the promotions table's row, its times "HH:MM"). */
export type PromotionRule = {
  id: number;
  rewardId: number;
  multiplier: string | null;
  bonus: number | null;
  weekdays: number[];
  startTime: string;
  endTime: string;
  startsOn: string | null;
  endsOn: string | null;
};

/** A moment in the business's time zone: its day (YYYY-MM-DD), weekday (0 Sunday) and time (HH:MM). */
export type LocalMoment = { date: string; weekday: number; time: string };

/** Whether the promotion runs on the moment's day (its weekday, between its dates). */
export const runsOn = (p: PromotionRule, at: Pick<LocalMoment, "date" | "weekday">) =>
  p.weekdays.includes(at.weekday) && (!p.startsOn || p.startsOn <= at.date) && (!p.endsOn || at.date <= p.endsOn);

/** Whether the moment is inside the promotion's window: its day, from its start up to (not at) its end. */
export const inWindow = (p: PromotionRule, at: LocalMoment) =>
  runsOn(p, at) && p.startTime <= at.time && at.time < p.endTime;

/** A promotion's boost: its multiplier in hundredths and its bonus. */
export const promotionBoost = (p: Pick<PromotionRule, "multiplier" | "bonus">): Boost => ({
  multiplier: p.multiplier === null ? null : toHundredths(p.multiplier),
  bonus: p.bonus,
});

/**
 * An earn of `base` for a card of `kind`: the level's boost first (null: none), then the one
 * promotion running now that earns the most (never two stacked). Answers what is earned and the
 * promotion that earned it (null: none added anything), and what that promotion added beyond the
 * levelled earn (`extra`, 0 without one).
 */
export function boostedEarn(
  kind: Pick<ServerKind, "boost">,
  base: number,
  sources: { level: Boost | null; promotions: readonly PromotionRule[] },
): { earned: number; promotion: PromotionRule | null; extra: number } {
  const levelled = sources.level ? kind.boost(base, sources.level) : base;
  // A visit that earns nothing (cashback without a purchase) gets no bonus either.
  if (levelled <= 0) return { earned: levelled, promotion: null, extra: 0 };
  let best: { earned: number; promotion: PromotionRule | null } = { earned: levelled, promotion: null };
  for (const promotion of sources.promotions) {
    const earned = kind.boost(levelled, promotionBoost(promotion));
    if (earned > best.earned) best = { earned, promotion };
  }
  return { ...best, extra: best.earned - levelled };
}
