import { sql } from "drizzle-orm";
import { formatMoney, minorDigits, toMinor } from "../../../contract/money";
import { programmeWords } from "../i18n/programme-words";
import { sentence, type Sentence } from "../i18n/sentence";
import {
  adjustedBalance,
  amountField,
  amountVisitShare,
  balanceModule,
  multipliedBoost,
  earnedWords,
  FALSE_SQL,
  NO_COLUMNS,
  NULL_SQL,
  purchaseOf,
  sharedColumnProblems,
  stampsNotCollected,
  visitMessage,
} from "./common";
import type { ColumnsContext, KindReward, ServerKind, Tier } from "./types";
import { cashback as shared, percentText } from "../../../contract/kinds/cashback";

/**
 * The cashback rate (basis points) of a card that has spent `lifetimeSpend` before this purchase:
 * the highest tier it has reached, else the reward's own rate.
 */
export function cashbackRate(
  reward: Pick<KindReward, "cashbackBasisPoints" | "cashbackTiers">,
  lifetimeSpend: number,
): number {
  const reached = reward.cashbackTiers.filter((tier) => tier.fromMinor <= lifetimeSpend);
  if (reached.length === 0) return reward.cashbackBasisPoints;
  return reached.reduce((top, tier) => (tier.fromMinor >= top.fromMinor ? tier : top)).basisPoints;
}

/** Cashback: the rate of the card's tier before this purchase, of the amount, in minor units (rounded down). */
export const cashbackEarned = (
  reward: Pick<KindReward, "cashbackBasisPoints" | "cashbackTiers">,
  lifetimeSpend: number,
  amountMinor: number,
) => Math.floor((amountMinor * cashbackRate(reward, lifetimeSpend)) / 10_000);

/** Tier thresholds in minor units of the currency, ascending and distinct; or the 422's sentences. */
function tiersInMinor(
  ctx: ColumnsContext,
  currency: string,
): { tiers: Tier[] } | { errors: Record<string, Sentence[]> } {
  const errors: Record<string, Sentence[]> = {};
  const inMinor = ctx.body.tiers.map((tier, i) => {
    const amount = ctx.amountMinor(tier.from_amount, currency);
    if ("error" in amount) errors[`tiers.${i}.from_amount`] = [amount.error];
    return { fromMinor: "minor" in amount ? amount.minor : 0, basisPoints: tier.percent };
  });
  if (Object.keys(errors).length > 0) return { errors };
  // Ascending and distinct: the engine takes the highest tier reached, so order is the meaning.
  const unordered = inMinor.findIndex((tier, i) => i > 0 && tier.fromMinor <= inMinor[i - 1]!.fromMinor);
  if (unordered >= 0) return { errors: { [`tiers.${unordered}.from_amount`]: ["rewards.tiersOrder"] } };
  return { tiers: inMinor };
}

export const cashback: ServerKind = {
  ...shared,
  name: "cashback",
  // A visit without an amount earns nothing (but counts as one).
  visitEarn: () => 0,
  // Money earned never lapses.
  lapses: false,
  redeemsByScan: false,
  sellsVisits: false,
  boosted: true,
  multiplies: true,
  // Its tiers of percent are its levels (cashbackRate).
  levelBoost: () => null,
  boost: multipliedBoost,
  dayCount: () => 1,
  visitShare: amountVisitShare,
  staffEarn(ctx) {
    const refused = stampsNotCollected(ctx, "cashback");
    if (refused) return refused;
    const purchase = purchaseOf(ctx, true);
    if ("action" in purchase) return purchase;
    const minor = purchase.minor!;
    return {
      action: "earn",
      earned: cashbackEarned(ctx.reward, ctx.lifetimeSpend, ctx.earnOn(minor)),
      amount: minor,
      added: 1,
    };
  },
  redeem({ balance, currency, amount }) {
    const off = amount();
    if (off === null) return { field: "amount", message: "redeem.enterAmount" };
    if ("error" in off) return { field: "amount", message: off.error };
    if (off.minor > balance) {
      const money = currency ? formatMoney(balance, currency) : String(balance);
      return { field: "amount", message: sentence("redeem.onlyBalance", { unit: "cashback", count: balance, money }) };
    }
    return { cost: off.minor, option: null };
  },
  columns(ctx) {
    const errors = sharedColumnProblems(ctx, { needsCurrency: true, lapses: false, tiers: true });
    if (errors) return { errors };
    const tiers = tiersInMinor(ctx, ctx.currency!);
    if ("errors" in tiers) return tiers;
    return { columns: { ...NO_COLUMNS, cashbackBasisPoints: ctx.body.cashback_percent!, cashbackTiers: tiers.tiers } };
  },
  storedBonus(value, currency) {
    const minor = toMinor(value, currency!);
    if (minor === null) {
      return { error: sentence("money.decimals", { currency: currency!, digits: minorDigits(currency!) }) };
    }
    return { value: minor };
  },
  answer: (row) => ({ cashback_percent: percentText(row.cashbackBasisPoints) }),
  // The money to spend.
  scanReady: (balance) => balance > 0,
  staffScanMessage: (data, outcome, words) => earnedWords(data, outcome.delta, words, true),
  selfScanMessage: visitMessage,
  adjustedMessage: adjustedBalance,
  appleBalanceField: (card, t) => amountField(card, t, t("pass.balance")),
  appleRewardField: (card, t) => ({
    key: "reward",
    label: t("pass.reward"),
    value: card.reward.title,
    changeMessage: "%@",
  }),
  /**
   * The money under "Cashback", as Google's LoyaltyPointsBalance `money` (micros, an int64 in
   * JSON: a string), so the phone formats it in its own locale; a string should the currency be
   * missing. The reward line is the card page's text.
   */
  googlePatch(card, t) {
    const { currency } = card.terms;
    return {
      loyaltyPoints: {
        label: t("pass.cashback"),
        balance: currency
          ? { money: { micros: moneyMicros(card.balance, currency), currencyCode: currency } }
          : { string: shared.balanceAmount(card.terms, card.balance, programmeWords(t)) },
      },
      textModulesData: balanceModule(card, t),
    };
  },
  stampsRequiredSql: () => NULL_SQL,
  readySql: () => FALSE_SQL,
  // Lifetime spend within 10 % below the next tier's threshold (the first above it).
  nearSql: (card) => sql`${card.lifetimeSpend} * 10 >= ${card.nextThreshold} * 9`,
  // Once per tier.
  nearPeriodSql: (card) => sql`'tier:' || (${card.nextThreshold})::text`,
  exportCurrency: (currency) => currency,
  exportBalance: (_balance, money) => money,
};

/** Minor units as Google's micros (millionths of the major unit), exactly: 460 EUR → "4600000". */
export const moneyMicros = (minor: number, currency: string) =>
  (BigInt(minor) * 10n ** BigInt(6 - minorDigits(currency))).toString();
