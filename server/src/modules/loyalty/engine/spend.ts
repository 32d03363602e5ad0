import { formatMoney } from "../../../../../contract/money";
import { purchaseMinor } from "./earn";
import type { Change, RedeemOption, RewardRow, Unit } from "./types";

/** The balance as a refusal names it: "12 points", "€4.60". */
function balanceWords(unit: Unit, balance: number, currency: string | null) {
  if (unit === "cashback") return currency ? formatMoney(balance, currency) : String(balance);
  return `${balance} ${unit === "points" ? "point" : "stamp"}${balance === 1 ? "" : "s"}`;
}

/**
 * What a card-redeem costs the card (issue 23 §4), or why it may not: a points option of the
 * card's own reward it can afford, or cashback money off up to the balance. A stamp card redeems
 * at the scanner. rules.ts applies the cost; a refusal writes nothing.
 */
export function redeemCost(
  reward: RewardRow,
  balance: number,
  change: Extract<Change, { kind: "redeem" }>,
  currency: string | null,
): { cost: number; option: RedeemOption | null } | { field: string; message: string } {
  const short = (cost: number) =>
    cost > balance ? { message: `The card has only ${balanceWords(reward.kind, balance, currency)}.` } : null;
  if (reward.kind === "stamps") {
    return { field: "serial", message: "A stamp card's reward is redeemed by scanning the card." };
  }
  if (reward.kind === "points") {
    if (change.option === undefined)
      return { field: "option_id", message: "Choose an option: this card collects points." };
    const option = change.option;
    if (!option || !option.active || option.rewardId !== reward.id) {
      return { field: "option_id", message: "This option is not one of this card's rewards." };
    }
    const over = short(option.points);
    return over ? { field: "option_id", ...over } : { cost: option.points, option };
  }
  if (change.amount === undefined) {
    return { field: "amount", message: "Enter the amount to take off: this card collects cashback." };
  }
  const amount = purchaseMinor(change.amount, currency);
  if ("error" in amount) return { field: "amount", message: amount.error };
  const over = short(amount.minor);
  return over ? { field: "amount", ...over } : { cost: amount.minor, option: null };
}
