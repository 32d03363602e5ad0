import { serverKind } from "../../../kinds";
import type { Sentence } from "../../../i18n/sentence";
import { purchaseMinor } from "./earn";
import type { Change, RedeemOption, RewardRow } from "./types";

/**
 * What a card-redeem costs the card, or why it may not, as the reward's kind says:
 * a points option of the card's own reward it can afford, or cashback money off up to the
 * balance; a stamp card's reward, reached, with nothing named (else it redeems at the scanner). rules.ts applies the cost; a refusal writes nothing.
 */
export function redeemCost(
  reward: RewardRow,
  balance: number,
  change: Extract<Change, { kind: "redeem" }>,
  currency: string | null,
): { cost: number; option: RedeemOption | null } | { field: string; message: Sentence } {
  const kind = serverKind(reward.kind);
  // Nothing named (the public API's {}): a kind redeemed at the scanner gives its reward whole once reached.
  if (kind.redeemsByScan && change.option === undefined && change.amount === undefined) {
    return kind.scanReady(balance, reward.stampsRequired, [])
      ? { cost: reward.stampsRequired, option: null }
      : { field: "_", message: "redeem.notReady" };
  }
  return kind.redeem({
    reward,
    balance,
    currency,
    option: change.option,
    amount: () => (change.amount === undefined ? null : purchaseMinor(change.amount, currency)),
  });
}
