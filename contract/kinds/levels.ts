import "../zod-setup";
import { z } from "zod";
import { amountField, hundredthsField } from "../money";
import { blankAsUndefined, wholeNumber } from "./common";

/**
 * Levels of a programme (Silver, Gold): a card reaches one by what it has collected (its points or
 * stamps, its visits, or what it spent), over its lifetime or the last twelve months, and earns more
 * from then on. What a level adds is the kind's (a multiplier for points, bonus stamps for stamps);
 * cashback keeps its tiers of percent. The kind's `levelBoost` names the field (null: no levels).
 */

export const LEVEL_BASES = ["points", "visits", "spend"] as const;
export type LevelBasis = (typeof LEVEL_BASES)[number];
export const LEVEL_PERIODS = ["lifetime", "rolling_12_months"] as const;
export type LevelPeriod = (typeof LEVEL_PERIODS)[number];

export const MAX_LEVELS = 10;
export const MAX_LEVEL_FROM = 100_000_000;
/** A level's multiplier, in hundredths: above one, at most ten times. */
export const LEVEL_MULTIPLIER = { min: 101, max: 1_000 };
export const MAX_LEVEL_BONUS_STAMPS = 10;

/** What a level adds to an earn, by kind: its field in add-reward's `levels`. */
export type LevelBoostField = "multiplier" | "bonus_stamps";

const level = z.object({
  name: z
    .string({ error: "Each level needs a name." })
    .trim()
    .min(1, "Each level needs a name.")
    .max(40, "A level's name may not be greater than 40 characters."),
  /** The threshold in points (or stamps) or visits. */
  from: z.preprocess(blankAsUndefined, wholeNumber("level's from", 1, MAX_LEVEL_FROM).optional()),
  /** The threshold of spend, a decimal string in the business's currency. */
  from_amount: z.preprocess(blankAsUndefined, amountField.optional()),
  multiplier: z.preprocess(
    blankAsUndefined,
    hundredthsField("level's multiplier", "1.25", LEVEL_MULTIPLIER.min, LEVEL_MULTIPLIER.max).optional(),
  ),
  bonus_stamps: z.preprocess(
    blankAsUndefined,
    wholeNumber("level's bonus stamps", 1, MAX_LEVEL_BONUS_STAMPS).optional(),
  ),
});

/** add-reward's level fields (every kind's body has them; a kind without levels takes none). */
export const levelFields = {
  levels: z
    .array(level, { error: "The levels must be a list of {name, from, multiplier} or {name, from, bonus_stamps}." })
    .max(MAX_LEVELS, `At most ${MAX_LEVELS} levels.`)
    .optional()
    .default([]),
  /** What a card's level is measured by; blank: the kind's own balance (points, or visits for stamps). */
  level_basis: z.preprocess(
    blankAsUndefined,
    z.enum(LEVEL_BASES, { error: "The level basis must be points, visits or spend." }).optional(),
  ),
  level_period: z.preprocess(
    blankAsUndefined,
    z
      .enum(LEVEL_PERIODS, { error: "The level period must be lifetime or rolling_12_months." })
      .optional()
      .default("lifetime"),
  ),
};

type LevelInput = z.output<typeof level>;
type LevelBody = { levels: LevelInput[]; level_basis?: LevelBasis };

/**
 * The levels' checks for a kind whose levels add `boost` (null: the kind has none) and whose
 * default basis is `basis`: each level's threshold in the basis's unit, its boost, names distinct,
 * thresholds ascending (amounts are compared where the currency is known).
 */
export function checkLevels(
  body: LevelBody,
  boost: LevelBoostField | null,
  basis: LevelBasis,
  issue: (field: string, message: string) => void,
) {
  if (body.levels.length === 0) return;
  if (!boost) return issue("levels", "Only points and stamp programmes have levels.");
  const spend = (body.level_basis ?? basis) === "spend";
  const names = new Set<string>();
  body.levels.forEach((l, i) => {
    if (spend && l.from_amount === undefined) issue(`levels.${i}.from_amount`, "A level by spend needs from_amount.");
    if (!spend && l.from === undefined) issue(`levels.${i}.from`, "Each level needs from.");
    if (l[boost] === undefined) issue(`levels.${i}.${boost}`, `Each level needs ${boost}.`);
    const other = boost === "multiplier" ? "bonus_stamps" : "multiplier";
    if (l[other] !== undefined)
      issue(`levels.${i}.${other}`, `A level of this programme takes ${boost}, not ${other}.`);
    const key = l.name.toLowerCase();
    if (names.has(key)) issue(`levels.${i}.name`, "Each level needs a name of its own.");
    names.add(key);
    if (!spend && i > 0 && l.from !== undefined && (body.levels[i - 1]!.from ?? 0) >= l.from) {
      issue(`levels.${i}.from`, "Each level must start higher than the one before.");
    }
  });
}

/**
 * A card's level as its answers give it: its name (null: none yet), the next one (null: the top)
 * and what is left to it in the basis's unit (points or stamps, visits; spend: a decimal string).
 */
export const levelProgress = z
  .object({
    name: z.string().nullable(),
    next: z.string().nullable(),
    to_next: z.union([z.number(), z.string()]).nullable(),
  })
  .meta({ id: "CardLevel" });
export type LevelProgress = z.infer<typeof levelProgress>;
