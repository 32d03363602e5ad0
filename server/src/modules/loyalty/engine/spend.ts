import { serverKind } from "../../../kinds";
import type { Sentence } from "../../../i18n/sentence";
import { purchaseMinor } from "./earn";
import type { Change, RedeemOption, RewardRow } from "./types";

/**
 * What a card-redeem costs the card, or why it may not, as the reward's kind says:
 * a points option of the card's own reward it can afford, or cashback money off up to the
 * balance; a stamp card redeems at the scanner. rules.ts applies the cost; a refusal writes nothing.
 */
export function redeemCost(
  reward: RewardRow,
  balance: number,
  change: Extract<Change, { kind: "redeem" }>,
  currency: string | null,
): { cost: number; option: RedeemOption | null } | { field: string; message: Sentence } {
  return serverKind(reward.kind).redeem({
    reward,
    balance,
    currency,
    option: change.option,
    amount: () => (change.amount === undefined ? null : purchaseMinor(change.amount, currency)),
  });
}
