import type { z } from "zod";
import { fromMinor, hundredthsText } from "../../../../../contract/money";
import { kindOf } from "../../../../../contract/kinds";
import { serverKind, type ServerKind } from "../../../kinds";
import { percentText, type addRewardBody, type Reward } from "../../../../../contract/rewards";
import type { rewards } from "../../../db/schema";
import { HttpError, invalid } from "../../../http/errors";
import { referralBonusOf } from "../engine/programme-terms";
import { amountMinor, pointsPerUnitHundredths } from "../engine/earn";

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
 * The kind's own columns from add-reward's body, as the kind makes them. Fields of
 * another kind are dropped, not kept half-used: a stamps reward stores no points, a points or
 * cashback one `stamps_required = 0`. Points and cashback count in the business's currency, so
 * they need one; tier thresholds become minor units of it, ascending and distinct.
 */
export function programmeColumns(body: AddRewardInput, currency: string | null): ProgrammeColumns {
  const kind = serverKind(body.kind);
  const made = kind.columns({ body, currency, amountMinor });
  if ("errors" in made) {
    const first = Object.values(made.errors)[0]![0]!;
    throw new HttpError(422, first, made.errors);
  }
  return {
    kind: body.kind,
    ...made.columns,
    expireAfterDays: body.expire_after_days,
    referralBonus: bonusInUnit(body.referral_bonus, kind, currency, "referral_bonus"),
    referralFriendBonus: bonusInUnit(body.referral_friend_bonus, kind, currency, "referral_friend_bonus"),
    referralTrigger: body.referral_trigger,
  };
}

/** A referral bonus as stored: whole stamps or points, or cashback's minor units (the contract checked the rest). */
function bonusInUnit(value: string | null, kind: ServerKind, currency: string | null, field: string) {
  if (value === null) return null;
  const stored = kind.storedBonus(value, currency);
  if ("error" in stored) throw invalid(field, stored.error);
  return stored.value;
}

/** A bonus in the programme's unit, as the reward's answer gives it: cashback's as a decimal string. */
const bonusAnswer = (value: number, kind: RewardRow["kind"], currency: string | null) =>
  kindOf(kind).unitValue(value, currency);

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
  | "visits_included"
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
    cashback_percent: null,
    visits_included: null,
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
    ...serverKind(row.kind).answer(row, currency),
  };
}
