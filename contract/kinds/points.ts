import { wholeBonusProblem } from "./numbers";
import type { KindOption, SharedKind } from "./types";

/** Points: per visit and per 1.00 spent; the balance buys the programme's options. */

export const MAX_POINTS_PER_VISIT = 10_000;
export const MAX_POINTS_PER_UNIT = 1_000;

/** The cheapest option the balance does not reach yet, or null. */
export function nextOption(balance: number, options: readonly KindOption[] = []) {
  return (
    options
      .filter((o) => o.points > balance)
      .reduce<KindOption | null>((next, o) => (!next || o.points < next.points ? o : next), null) ?? null
  );
}

export const points = {
  checkBody(body: { points_per_visit: number; points_per_unit: number }, issue) {
    if (body.points_per_visit === 0 && body.points_per_unit === 0) {
      issue("points_per_unit", "Give points per visit, points per 1.00 spent, or both.");
    }
  },
  bonusProblem: wholeBonusProblem,
  defaultReferralBonus: 10,
  countsMoney: false,
  needsCurrency: true,
  feature: null,
  sellsVisits: false,
  rewardCost: false,
  hasOptions: true,
  balanceOffer: "points",
  levelField: "multiplier",
  levelBasis: "points",
  totalled: true,
  stampsRequired: () => null,
  balanceAmount: (_terms, balance, words) => words.points(balance),
  balanceText(terms, balance, words) {
    const amount = words.points(balance);
    const next = nextOption(balance, terms.options);
    return next ? words.pointsTo(amount, next.points - balance, next.title) : amount;
  },
  ready: (balance, terms) => (terms.options ?? []).some((o) => o.points <= balance),
  unitValue: (value) => value,
} satisfies SharedKind;
