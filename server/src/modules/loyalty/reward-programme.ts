import type { z } from "zod";
import { fromMinor, hundredthsText, minorDigits, toMinor } from "../../../../contract/money";
import { percentText, type addRewardBody, type Reward } from "../../../../contract/rewards";
import type { rewards } from "../../db/schema";
import { HttpError, invalid, type FieldSentences } from "../../http/errors";
import { referralBonusOf } from "./programme-terms";
import { sentence } from "../../i18n/sentence";
import { amountMinor, pointsPerUnitHundredths } from "./engine/earn";

type AddRewardInput = z.output<typeof addRewardBody>;
type RewardRow = typeof rewards.$inferSelect;
type ProgrammeColumns = Pick<
  RewardRow,
  | "kind"
  | "stampsRequired"
  | "pointsPerVisit"
  | "pointsPerUnit"
  | "cashbackBasisPoints"
  | "cashbackTiers"
  | "expireAfterDays"
  | "referralBonus"
  | "referralFriendBonus"
  | "referralTrigger"
>;

/**
 * The kind's own columns from add-reward's body (issue 23). Fields of another kind are dropped, not
 * kept half-used: a stamps reward stores no points, a points or cashback one `stamps_required = 0`.
 * Points and cashback count in the business's currency, so they need one; tier thresholds become
 * minor units of it, ascending and distinct.
 */
export function programmeColumns(body: AddRewardInput, currency: string | null): ProgrammeColumns {
  const kind = body.kind;
  if (kind !== "stamps" && !currency) throw invalid("business_id", "rewards.currencyFirst");
  if (kind === "cashback" && body.expire_after_days !== null) {
    throw invalid("expire_after_days", "rewards.cashbackNoExpiry");
  }
  if (kind !== "cashback" && body.tiers.length > 0) {
    throw invalid("tiers", "rewards.tiersCashbackOnly");
  }
  return {
    kind,
    stampsRequired: kind === "stamps" ? body.stamps_required! : 0,
    pointsPerVisit: kind === "points" ? body.points_per_visit : 0,
    pointsPerUnit: hundredthsText(kind === "points" ? body.points_per_unit : 0),
    cashbackBasisPoints: kind === "cashback" ? body.cashback_percent! : 0,
    cashbackTiers: kind === "cashback" ? tiersInMinor(body.tiers, currency!) : [],
    expireAfterDays: body.expire_after_days,
    referralBonus: bonusInUnit(body.referral_bonus, kind, currency, "referral_bonus"),
    referralFriendBonus: bonusInUnit(body.referral_friend_bonus, kind, currency, "referral_friend_bonus"),
    referralTrigger: body.referral_trigger,
  };
}

/** A referral bonus as stored: whole stamps or points, or cashback's minor units (the contract checked the rest). */
function bonusInUnit(value: string | null, kind: RewardRow["kind"], currency: string | null, field: string) {
  if (value === null) return null;
  if (kind !== "cashback") return Number(value);
  const minor = toMinor(value, currency!);
  if (minor === null) {
    throw invalid(field, sentence("money.decimals", { currency: currency!, digits: minorDigits(currency!) }));
  }
  return minor;
}

/** A bonus in the programme's unit, as the reward's answer gives it: cashback's as a decimal string. */
const bonusAnswer = (value: number, kind: RewardRow["kind"], currency: string | null) =>
  kind === "cashback" && currency ? fromMinor(value, currency) : value;

function tiersInMinor(tiers: AddRewardInput["tiers"], currency: string) {
  const errors: FieldSentences = {};
  const inMinor = tiers.map((tier, i) => {
    const amount = amountMinor(tier.from_amount, currency);
    if ("error" in amount) errors[`tiers.${i}.from_amount`] = [amount.error];
    return { fromMinor: "minor" in amount ? amount.minor : 0, basisPoints: tier.percent };
  });
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
  // Ascending and distinct: the engine takes the highest tier reached, so order is the meaning.
  const unordered = inMinor.findIndex((tier, i) => i > 0 && tier.fromMinor <= inMinor[i - 1]!.fromMinor);
  if (unordered >= 0) {
    throw invalid(`tiers.${unordered}.from_amount`, "rewards.tiersOrder");
  }
  return inMinor;
}

/** The kind's fields of the reward answer, in the contract's units (percent and decimal strings). */
export function programmeAnswer(
  row: ProgrammeColumns,
  currency: string | null,
): Pick<
  Reward,
  | "kind"
  | "stamps_required"
  | "points_per_visit"
  | "points_per_unit"
  | "cashback_percent"
  | "tiers"
  | "expire_after_days"
  | "referral_bonus"
  | "referral_friend_bonus"
  | "referral_trigger"
  | "currency"
> {
  return {
    kind: row.kind,
    stamps_required: row.stampsRequired,
    points_per_visit: row.pointsPerVisit,
    points_per_unit: hundredthsText(pointsPerUnitHundredths(row)),
    cashback_percent: row.kind === "cashback" ? percentText(row.cashbackBasisPoints) : null,
    tiers: row.cashbackTiers.map((tier) => ({
      // A cashback reward always has a currency: add-reward requires it, and it stays while the reward runs.
      from_amount: currency ? fromMinor(tier.fromMinor, currency) : String(tier.fromMinor),
      percent: percentText(tier.basisPoints),
    })),
    expire_after_days: row.expireAfterDays,
    referral_bonus: bonusAnswer(referralBonusOf(row), row.kind, currency),
    referral_friend_bonus:
      row.referralFriendBonus === null ? null : bonusAnswer(row.referralFriendBonus, row.kind, currency),
    referral_trigger: row.referralTrigger,
    currency,
  };
}
