import { sql } from "drizzle-orm";
import { hundredthsText, minorDigits, toHundredths } from "../../../contract/money";
import { sentence } from "../i18n/sentence";
import {
  adjustedBalance,
  amountField,
  amountVisitShare,
  balanceModule,
  multipliedBoost,
  earnedWords,
  NO_COLUMNS,
  NULL_SQL,
  purchaseOf,
  rewardCycle,
  sharedColumnProblems,
  stampsNotCollected,
  visitMessage,
  wholeBonus,
} from "./common";
import type { KindReward, ServerKind } from "./types";
import { nextOption, points as shared } from "../../../contract/kinds/points";

/** A reward's `points_per_unit` (its column's decimal text, "0.10") in hundredths. */
export const pointsPerUnitHundredths = (reward: Pick<KindReward, "pointsPerUnit">) =>
  toHundredths(reward.pointsPerUnit) ?? 0;

/**
 * Points: the visit's points plus floor(amount × `points_per_unit`) for the order ("0.1": one
 * point per whole 10.00), in integers: minor units × hundredths over 100 × the minor units of 1.00.
 */
export function pointsEarned(
  reward: Pick<KindReward, "pointsPerVisit" | "pointsPerUnit">,
  amountMinor: number | null,
  currency: string | null,
): number {
  if (amountMinor === null || !currency) return reward.pointsPerVisit;
  const perUnit = BigInt(pointsPerUnitHundredths(reward));
  const whole = (BigInt(amountMinor) * perUnit) / (100n * 10n ** BigInt(minorDigits(currency)));
  return reward.pointsPerVisit + Number(whole);
}

export const points: ServerKind = {
  ...shared,
  name: "points",
  visitEarn: (reward) => reward.pointsPerVisit,
  lapses: true,
  redeemsByScan: false,
  sellsVisits: false,
  boosted: true,
  multiplies: true,
  levelBoost: (level) => ({ multiplier: level.multiplier, bonus: null }),
  boost: multipliedBoost,
  // Added points count toward the day as one visit.
  dayCount: () => 1,
  visitShare: amountVisitShare,
  staffEarn(ctx) {
    const refused = stampsNotCollected(ctx, "points");
    if (refused) return refused;
    // Earns here and never redeems (card-redeem does); without visit points an amount is needed.
    const purchase = purchaseOf(ctx, ctx.reward.pointsPerVisit === 0);
    if ("action" in purchase) return purchase;
    return {
      action: "earn",
      earned: pointsEarned(ctx.reward, purchase.minor === null ? null : ctx.earnOn(purchase.minor), ctx.currency),
      amount: purchase.minor,
      added: 1,
    };
  },
  redeem({ reward, balance, option }) {
    if (option === undefined) return { field: "option_id", message: "redeem.chooseOption" };
    if (!option || !option.active || option.rewardId !== reward.id) {
      return { field: "option_id", message: "redeem.unknownOption" };
    }
    if (option.points > balance) {
      return {
        field: "option_id",
        message: sentence("redeem.onlyBalance", { unit: "points", count: balance, money: String(balance) }),
      };
    }
    return { cost: option.points, option };
  },
  columns(ctx) {
    const errors = sharedColumnProblems(ctx, { needsCurrency: true, lapses: true, tiers: false });
    if (errors) return { errors };
    return {
      columns: {
        ...NO_COLUMNS,
        pointsPerVisit: ctx.body.points_per_visit,
        pointsPerUnit: hundredthsText(ctx.body.points_per_unit),
      },
    };
  },
  storedBonus: wholeBonus,
  answer: () => ({}),
  scanReady: (_balance, _required, affordable) => affordable.length > 0,
  staffScanMessage: (data, outcome, words) => earnedWords(data, outcome.delta, words, false),
  selfScanMessage: visitMessage,
  adjustedMessage: adjustedBalance,
  appleBalanceField: (card, t) => amountField(card, t, t("pass.points")),
  appleRewardField(card, t) {
    const next = nextOption(card.balance, card.terms.options);
    return {
      key: "reward",
      label: t(shared.ready(card.balance, card.terms) ? "pass.rewardReady" : "pass.reward"),
      value: next ? t("pass.pointsTo", { points: next.points - card.balance, title: next.title }) : card.reward.title,
      changeMessage: "%@",
    };
  },
  googlePatch: (card, t) => ({
    loyaltyPoints: { label: t("pass.points"), balance: { int: card.balance } },
    textModulesData: balanceModule(card, t),
  }),
  stampsRequiredSql: () => NULL_SQL,
  readySql: (card) => sql`${card.stamps} >= ${card.cheapest}`,
  // Within 10 % below the cheapest option. Integer arithmetic: exact.
  nearSql: (card) =>
    sql`${card.stamps} < ${card.cheapest} and ${card.stamps}::bigint * 10 >= ${card.cheapest}::bigint * 9`,
  nearPeriodSql: rewardCycle,
  exportCurrency: (currency) => currency,
  exportBalance: (balance) => `${balance}::text`,
};
