import { formatMoney } from "../../../../../contract/money";
import { sentence, type Sentence } from "../../../i18n/sentence";
import { purchaseMinor } from "./earn";
import type { Change, RedeemOption, RewardRow, Unit } from "./types";

/** The refusal naming the balance: "The card has only 12 points.", "… only €4.60." */
function onlyBalance(unit: Unit, balance: number, currency: string | null): Sentence {
  const money = unit === "cashback" && currency ? formatMoney(balance, currency) : String(balance);
  return sentence("redeem.onlyBalance", { unit, count: balance, money });
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
): { cost: number; option: RedeemOption | null } | { field: string; message: Sentence } {
  const short = (cost: number) => (cost > balance ? { message: onlyBalance(reward.kind, balance, currency) } : null);
  if (reward.kind === "stamps") {
    return { field: "serial", message: "redeem.scanStampCard" };
  }
  if (reward.kind === "points") {
    if (change.option === undefined) return { field: "option_id", message: "redeem.chooseOption" };
    const option = change.option;
    if (!option || !option.active || option.rewardId !== reward.id) {
      return { field: "option_id", message: "redeem.unknownOption" };
    }
    const over = short(option.points);
    return over ? { field: "option_id", ...over } : { cost: option.points, option };
  }
  if (change.amount === undefined) {
    return { field: "amount", message: "redeem.enterAmount" };
  }
  const amount = purchaseMinor(change.amount, currency);
  if ("error" in amount) return { field: "amount", message: amount.error };
  const over = short(amount.minor);
  return over ? { field: "amount", ...over } : { cost: amount.minor, option: null };
}
