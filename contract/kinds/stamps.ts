import { wholeBonusProblem } from "./numbers";
import type { SharedKind } from "./types";

/** Stamps: a stamp a visit, the reward at `stamps_required` (the default kind). */

export const MIN_STAMPS = 2;
export const MAX_STAMPS = 50;

/**
 * The one "reward ready" rule: a card's reward is ready once its stamps reach what
 * the reward it collects for requires. No reward (none active): never ready. The card page, the
 * scanner's answer, the wallet passes, the directory's flag and the segments all ask here, so the
 * "Reward ready" a customer sees and the one the owner counts cannot drift apart.
 */
export function rewardReady(stamps: number, stampsRequired: number | null | undefined): boolean {
  return stampsRequired !== null && stampsRequired !== undefined && stamps >= stampsRequired;
}

export const stamps = {
  checkBody(body: { stamps_required?: number }, issue) {
    if (body.stamps_required === undefined) issue("stamps_required", "The stamps required field is required.");
  },
  bonusProblem: wholeBonusProblem,
  defaultReferralBonus: 1,
  countsMoney: false,
  needsCurrency: false,
  feature: null,
  sellsVisits: false,
  rewardCost: true,
  hasOptions: false,
  balanceOffer: "stamps",
  levelField: "bonus_stamps",
  levelBasis: "visits",
  totalled: false,
  stampsRequired: (reward) => reward.stampsRequired,
  balanceAmount: (_terms, balance, words) => words.stamps(balance),
  balanceText(terms, balance, words) {
    return terms.stampsRequired === null ? words.stamps(balance) : words.stampsOf(balance, terms.stampsRequired);
  },
  ready: (balance, terms) => rewardReady(balance, terms.stampsRequired),
  unitValue: (value) => value,
} satisfies SharedKind;
