import { sql } from "drizzle-orm";
import { hundredthsText } from "../../../contract/money";
import { balanceAmount, balanceText } from "../../../contract/programme";
import type { ScanResult } from "../../../contract/wallet";
import type { ProgrammeWords } from "../../../contract/programme";
import type { Translate } from "../i18n";
import { programmeWords } from "../i18n/programme-words";
import { sentence, type Sentence } from "../i18n/sentence";
import type { KindName } from "../../../contract/kinds";
import type { Boost, ColumnsContext, EarnContext, EarnVerdict, PassCardView, PassField, SegmentSql } from "./types";

/**
 * What the kinds that earn on a purchase amount (points, cashback) share on the server: written
 * once here, each kind's server.ts picks what applies to it.
 */

/** An order from outside names stamps only for a stamp programme. */
export function stampsNotCollected(ctx: EarnContext, unit: KindName): EarnVerdict | null {
  return ctx.order?.stamps !== undefined
    ? { action: "refuse", field: "stamps", message: sentence("scan.collectsAmount", { unit }) }
    : null;
}

/**
 * The purchase amount of a staff earn or an order, in minor units: an error when it is no amount,
 * and `scan.enterAmount` when the kind needs one and none came.
 */
export function purchaseOf(ctx: EarnContext, required: boolean): { minor: number | null } | EarnVerdict {
  const amount = ctx.amount();
  if (amount && "error" in amount) return { action: "refuse", field: "amount", message: amount.error };
  const minor = amount?.minor ?? null;
  if (minor === null && required) return { action: "refuse", field: "amount", message: "scan.enterAmount" };
  return { minor };
}

/** By an amount, the visit's share of an order's earn is what a visit alone earns; without one, all of it. */
export const amountVisitShare = (earned: number, byAmount: boolean, visitEarn: number) =>
  byAmount ? Math.min(earned, visitEarn) : earned;

/** add-reward's checks of the columns every kind shares: a currency, an expiry, tiers. */
export function sharedColumnProblems(
  ctx: ColumnsContext,
  kind: { needsCurrency: boolean; lapses: boolean; tiers: boolean },
): Record<string, Sentence[]> | null {
  const problem = (field: string, message: Sentence) => ({ [field]: [message] });
  if (kind.needsCurrency && !ctx.currency) return problem("business_id", "rewards.currencyFirst");
  if (!kind.lapses && ctx.body.expire_after_days !== null) {
    return problem("expire_after_days", "rewards.cashbackNoExpiry");
  }
  if (!kind.tiers && ctx.body.tiers.length > 0) return problem("tiers", "rewards.tiersCashbackOnly");
  return null;
}

/** The columns a kind does not use. */
export const NO_COLUMNS = {
  stampsRequired: 0,
  pointsPerVisit: 0,
  pointsPerUnit: hundredthsText(0),
  cashbackBasisPoints: 0,
  cashbackTiers: [],
};

/** A referral bonus of a kind that counts whole units. */
export const wholeBonus = (value: string) => ({ value: Number(value) });

/** A points or cashback earn as the scanner says it: "Added 12 points: 12 points — 88 to Free lunch." */
export function earnedWords(data: ScanResult, delta: number, words: ProgrammeWords, money: boolean): Sentence {
  const earned = balanceAmount({ kind: data.kind, currency: data.currency, stampsRequired: null }, delta, words);
  return sentence("scan.earned", { cashback: money ? "yes" : "no", earned, balance: data.balance_text });
}

/** A self-scan of a points or cashback card: a visit (its visit points, if any). */
export const visitMessage = (data: ScanResult, waiting: boolean): Sentence =>
  waiting ? "scan.alreadyCheckedIn" : sentence("scan.visitRecorded", { balance: data.balance_text });

/** card-adjust on a points or cashback card: the amount changed and the balance now. */
export const adjustedBalance = (delta: number, amount: string, summary: { balance_text: string }): Sentence =>
  delta === 0
    ? "cards.nothingToRemove"
    : sentence("cards.adjustedBalance", { added: delta > 0 ? "yes" : "no", amount, balance: summary.balance_text });

/** Apple's balance field of a kind that shows its balance's amount under `label`. */
export function amountField(card: PassCardView, t: Translate, label: string): PassField {
  return {
    key: "balance",
    label,
    value: balanceAmount(card.terms, card.balance, programmeWords(t)),
    changeMessage: "%@",
  };
}

/** Google's reward line of a kind whose balance reads as the card page's text. */
export const balanceModule = (card: PassCardView, t: Translate) => [
  { id: "reward", header: t("pass.balance"), body: balanceText(card.terms, card.balance, programmeWords(t)) },
];

/** Once per reward cycle: the count of rewards redeemed so far. */
export const rewardCycle = (card: SegmentSql) => sql`'cycle:' || ${card.rewardsRedeemed}::text`;

/** SQL that is never true (a kind without the notion). */
export const FALSE_SQL = sql`false`;
/** SQL null. */
export const NULL_SQL = sql`null`;

/** Points and cashback: the earn times the multiplier (rounded down), then the bonus. */
export const multipliedBoost = (earned: number, by: Boost) =>
  Math.floor((earned * (by.multiplier ?? 100)) / 100) + (by.bonus ?? 0);
