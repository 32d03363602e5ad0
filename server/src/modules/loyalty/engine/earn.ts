import { sql, type SQLWrapper } from "drizzle-orm";
import { amountInMinor, hundredthsText, minorDigits, toMinor } from "../../../../../contract/money";
import { kindsSql, serverKind } from "../../../kinds";
import { sentence, type Sentence } from "../../../i18n/sentence";
import type { CardRow, CategoryMultiplier, RewardRow } from "./types";

/**
 * What a visit earns and when a balance lapses: pure arithmetic on integers,
 * money in the currency's minor units, every fraction rounded down (the business never gives
 * more than its rate). rules.ts decides with these; nothing else computes an earn.
 */

/** A decimal amount in minor units, or the 422's sentence (the contract's check, said in the catalogue's words). */
export function amountMinor(amount: string, currency: string): { minor: number } | { error: Sentence } {
  const checked = amountInMinor(amount, currency);
  if ("minor" in checked) return checked;
  // The contract's two refusals: a fraction finer than the currency's, or nothing to count.
  const digits = minorDigits(currency);
  return {
    error: toMinor(amount, currency) === null ? sentence("money.decimals", { currency, digits }) : "money.moreThanZero",
  };
}

/** The purchase amount (a decimal string) in minor units, or the 422's message. */
export function purchaseMinor(amount: string, currency: string | null): { minor: number } | { error: Sentence } {
  if (!currency) return { error: "money.currencyFirst" };
  return amountMinor(amount, currency);
}

/**
 * What the owner says a reward, an option or an offer costs them (a decimal string, 0 or more) in
 * minor units of the business's currency, which it needs; null when not said; else the 422's sentence.
 */
export function costMinor(
  cost: string | null | undefined,
  currency: string | null,
): { minor: number | null } | { error: Sentence } {
  if (cost === null || cost === undefined) return { minor: null };
  if (!currency) return { error: "money.currencyFirst" };
  const minor = toMinor(cost, currency);
  return minor === null
    ? { error: sentence("money.decimals", { currency, digits: minorDigits(currency) }) }
    : { minor };
}

/** What a visit without an amount earns (a self-scan, a join): a stamp, the visit's points, no cashback. */
export const visitEarn = (reward: Pick<RewardRow, "kind" | "pointsPerVisit">) =>
  serverKind(reward.kind).visitEarn(reward);

export { pointsEarned, pointsPerUnitHundredths } from "../../../kinds/points";
export { cashbackEarned, cashbackRate } from "../../../kinds/cashback";

/**
 * Whether a purchase of `amountMinor` is above the business's limit (`max_purchase_amount`, in
 * hundredths of its currency): compared exactly, both sides in hundredths × the minor units.
 */
export function abovePurchaseLimit(amountMinor: number, maxHundredths: number, currency: string): boolean {
  return BigInt(amountMinor) * 100n > BigInt(maxHundredths) * 10n ** BigInt(minorDigits(currency));
}

/** The refusal of a purchase above the business's limit, naming it. */
export const aboveLimitSentence = (maxHundredths: number, currency: string): Sentence =>
  sentence("scan.aboveLimit", { limit: hundredthsText(maxHundredths), currency });

/**
 * The part of a purchase of `totalMinor` the programme's rate applies to, from its lines (amounts
 * in minor units): each line in a category with a rule counts its multiplier (hundredths) times,
 * the rest of the total (lines in no category, shipping, tax) once. Lines count in order up to the
 * total (a discount on the whole order leaves less for the last); rounded down once, at the end.
 */
export function lineEarnAmount(
  totalMinor: number,
  lines: readonly { minor: number; categories: readonly number[] }[],
  rules: readonly CategoryMultiplier[],
): number {
  const multiplierOf = new Map(rules.map((rule) => [rule.categoryId, rule.multiplier]));
  let left = BigInt(totalMinor);
  let weighted = 0n;
  for (const line of lines) {
    const multiplier = line.categories.map((id) => multiplierOf.get(id)).find((m) => m !== undefined);
    if (multiplier === undefined) continue;
    const minor = BigInt(Math.max(0, line.minor)) < left ? BigInt(Math.max(0, line.minor)) : left;
    left -= minor;
    weighted += minor * BigInt(multiplier);
  }
  return Number((weighted + left * 100n) / 100n);
}

/**
 * When a card's unspent stamps or points lapse: `expire_after_days` after its last earn (a join is
 * one; a redeem is not), or after the reward's `expiryFrom` when that is later (expiry turned on or
 * shortened starts a full window for every card). Null when they never do: no expiry set, or
 * cashback (money earned never lapses). `expiresAtOf` is the same rule in SQL.
 */
export function expiresAt(
  card: Pick<CardRow, "earnedAt">,
  reward: Pick<RewardRow, "kind" | "expireAfterDays" | "expiryFrom">,
): Date | null {
  if (!serverKind(reward.kind).lapses || reward.expireAfterDays === null) return null;
  const from = reward.expiryFrom && reward.expiryFrom > card.earnedAt ? reward.expiryFrom : card.earnedAt;
  return new Date(from.getTime() + reward.expireAfterDays * 86_400_000);
}

/** `expiresAt` in SQL, of a card's `earned_at` and its reward's columns (null when they are). */
export const expiresAtOf = (earnedAt: SQLWrapper, reward: { kind: SQLWrapper; days: SQLWrapper; from: SQLWrapper }) =>
  sql<Date | null>`case when ${reward.kind} in ${kindsSql((kind) => kind.lapses)}
    then greatest(${earnedAt}, ${reward.from}) + make_interval(days => ${reward.days}) end`;

/**
 * The reward's `expiryFrom` after its expiry becomes `days` (SQL of its current columns): now when
 * expiry is turned on or shortened, else as it was (a longer window or none takes effect at once).
 */
export const expiryFromAfter = (days: number | null, current: { days: SQLWrapper; from: SQLWrapper }) =>
  days === null
    ? sql<Date | null>`${current.from}`
    : sql<Date | null>`case when ${current.days} is null or ${current.days} > ${days} then now() else ${current.from} end`;

/**
 * What restarts the expiry clock: an earn, i.e. a change that adds to the balance (a visit's
 * stamp, points or cashback, an order, a referral bonus, an amount added by hand); never a redeem.
 */
export const restartsExpiry = (decision: { delta: number }) => decision.delta > 0;

/** The largest balance a card holds (the column is a 4-byte integer): an earn past it is refused. */
export const MAX_BALANCE = 2_147_483_647;
