import { wholeBonusProblem } from "./numbers";
import type { SharedKind } from "./types";

/**
 * Prepaid visits (a multipass): staff sell visits at the counter (card-topup), each staff scan or
 * order uses one, a self-scan none. The balance is the visits left; `visits_included` is the pass's
 * size ("7 of 10 visits left"), kept in the reward's stamps column.
 */

export const MIN_VISITS = 1;
export const MAX_VISITS = 100;

export const multipass = {
  checkBody(body: { visits_included?: number }, issue) {
    if (body.visits_included === undefined) issue("visits_included", "The visits included field is required.");
  },
  bonusProblem: wholeBonusProblem,
  // A referral gives no visits unless the owner says so: visits are paid for.
  defaultReferralBonus: 0,
  countsMoney: false,
  needsCurrency: false,
  rewardCost: false,
  hasOptions: false,
  levelField: null,
  levelBasis: "visits",
  totalled: false,
  feature: "multipass",
  sellsVisits: true,
  // A voucher never adds visits: they are sold at the counter.
  balanceOffer: null,
  stampsRequired: (reward) => reward.stampsRequired,
  balanceAmount: (_terms, balance, words) => words.visits(balance),
  balanceText: (terms, balance, words) =>
    terms.stampsRequired === null ? words.visits(balance) : words.visitsLeft(balance, terms.stampsRequired),
  // Nothing to hand over: a visit is used at the scanner.
  ready: () => false,
  unitValue: (value) => value,
} satisfies SharedKind;
