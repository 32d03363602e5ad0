import type { z } from "zod";
import { fromMinor, hundredthsText } from "../../../../../contract/money";
import { kindOf } from "../../../../../contract/kinds";
import { serverKind, type ServerKind } from "../../../kinds";
import { percentText, type addRewardBody, type Reward } from "../../../../../contract/rewards";
import type { rewards } from "../../../db/schema";
import { HttpError, invalid } from "../../../http/errors";
import { referralBonusOf } from "../engine/programme-terms";
import { amountMinor, costMinor, pointsPerUnitHundredths } from "../engine/earn";

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
  | "levels"
  | "levelBasis"
  | "levelPeriod"
  | "expireAfterDays"
  | "referralBonus"
  | "referralFriendBonus"
  | "referralTrigger"
  | "cost"
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
    ...levelColumns(body, currency),
    expireAfterDays: body.expire_after_days,
    referralBonus: bonusInUnit(body.referral_bonus, kind, currency, "referral_bonus"),
    referralFriendBonus: bonusInUnit(body.referral_friend_bonus, kind, currency, "referral_friend_bonus"),
    referralTrigger: body.referral_trigger,
    cost: kindOf(body.kind).rewardCost ? costColumn(body.cost, currency) : null,
  };
}

/** The reward's cost as stored (minor units of the currency, which it then needs), or the 422. */
function costColumn(cost: string | null | undefined, currency: string | null) {
  const stored = costMinor(cost, currency);
  if ("error" in stored) throw invalid("cost", stored.error);
  return stored.minor;
}

/**
 * The levels as stored: thresholds in the basis's unit (spend: minor units of the currency, which
 * it then needs), ascending; the multiplier in hundredths. The contract checked the rest.
 */
function levelColumns(
  body: AddRewardInput,
  currency: string | null,
): Pick<RewardRow, "levels" | "levelBasis" | "levelPeriod"> {
  const basis = body.level_basis ?? kindOf(body.kind).levelBasis;
  const levels = body.levels.map((level, i) => {
    let from = level.from ?? 0;
    if (basis === "spend") {
      if (!currency) throw invalid(`levels.${i}.from_amount`, "money.currencyFirst");
      const minor = amountMinor(level.from_amount!, currency);
      if ("error" in minor) throw invalid(`levels.${i}.from_amount`, minor.error);
      from = minor.minor;
    }
    return { name: level.name, from, multiplier: level.multiplier ?? null, bonus: level.bonus_stamps ?? null };
  });
  // Ascending and distinct: a card's level is the highest it reached, so order is the meaning.
  const unordered = levels.findIndex((level, i) => i > 0 && level.from <= levels[i - 1]!.from);
  if (unordered >= 0) {
    throw invalid(`levels.${unordered}.${basis === "spend" ? "from_amount" : "from"}`, "rewards.levelsOrder");
  }
  return { levels, levelBasis: basis, levelPeriod: body.level_period };
}

/** The levels as the reward answer gives them, in the body's own fields. */
function levelsAnswer(row: Pick<RewardRow, "levels" | "levelBasis">, currency: string | null): Reward["levels"] {
  return row.levels.map((level) => ({
    name: level.name,
    ...(row.levelBasis === "spend"
      ? { from_amount: currency ? fromMinor(level.from, currency) : String(level.from) }
      : { from: level.from }),
    ...(level.multiplier !== null && { multiplier: hundredthsText(level.multiplier) }),
    ...(level.bonus !== null && { bonus_stamps: level.bonus }),
  }));
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
  | "levels"
  | "level_basis"
  | "level_period"
  | "expire_after_days"
  | "referral_bonus"
  | "referral_friend_bonus"
  | "referral_trigger"
  | "currency"
  | "cost"
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
    levels: levelsAnswer(row, currency),
    level_basis: row.levelBasis,
    level_period: row.levelPeriod,
    expire_after_days: row.expireAfterDays,
    referral_bonus: bonusAnswer(referralBonusOf(row), row.kind, currency),
    referral_friend_bonus:
      row.referralFriendBonus === null ? null : bonusAnswer(row.referralFriendBonus, row.kind, currency),
    referral_trigger: row.referralTrigger,
    currency,
    cost: row.cost !== null && currency ? fromMinor(row.cost, currency) : null,
    ...serverKind(row.kind).answer(row, currency),
  };
}
