import type { AnyColumn, SQL } from "drizzle-orm";
import type { z } from "zod";
import type { ProgrammeTerms, ProgrammeWords } from "../../../contract/programme";
import type { addRewardBody, Reward } from "../../../contract/rewards";
import type { ScanResult } from "../../../contract/wallet";
import type { Translate } from "../i18n";
import type { Sentence } from "../i18n/sentence";
import type { KindName } from "../../../contract/kinds";
import type { KindOption, SharedKind } from "../../../contract/kinds/types";

/** A cashback tier: from this lifetime spend (minor units) on, this rate (basis points). */
export type Tier = { fromMinor: number; basisPoints: number };

/** A reward's programme columns as the engine reads them (the rewards row has them all). */
export type KindReward = {
  id: number;
  kind: KindName;
  title: string;
  stampsRequired: number;
  pointsPerVisit: number;
  /** Points per 1.00 spent, the column's decimal text ("0.10"). */
  pointsPerUnit: string;
  cashbackBasisPoints: number;
  cashbackTiers: Tier[];
  expireAfterDays: number | null;
};

/** The columns of a reward that only its kind fills (the others store 0 or nothing). */
export type KindColumns = Pick<
  KindReward,
  "stampsRequired" | "pointsPerVisit" | "pointsPerUnit" | "cashbackBasisPoints" | "cashbackTiers"
>;

/** What multiplies or adds to an earn: a multiplier in hundredths (200: twice), a bonus in the balance's unit. */
export type Boost = { multiplier: number | null; bonus: number | null };

/** A refusal: the field at fault and the 422's sentence. */
export type Refusal = { field: string; message: Sentence };

/** A decimal amount in minor units, or why it is not one. */
export type ParsedAmount = { minor: number } | { error: Sentence };

/** A points option as card-redeem read it. */
export type RedeemOption = { id: number; rewardId: number; title: string; points: number; active: boolean };

/** What a staff scan or an order from outside asks of a card of this kind. */
export type EarnContext = {
  reward: KindReward;
  balance: number;
  lifetimeSpend: number;
  /** The business's currency (null until the owner sets one). */
  currency: string | null;
  /** The purchase amount in minor units, read when the kind asks (null: none given). */
  amount(): ParsedAmount | null;
  /**
   * The part of a purchase of `minor` units the programme's rate applies to: its lines weighted by
   * their product categories' multipliers (engine/earn.ts `lineEarnAmount`); all of it without lines.
   */
  earnOn(minor: number): number;
  /** An order from outside (never a redeem), with the stamps it names; null for a staff scan. */
  order: { stamps?: number } | null;
};

/** What the kind makes of it: a refusal, an earn (`added` visits toward the fraud threshold), or the reward spent. */
export type EarnVerdict =
  | ({ action: "refuse" } & Refusal)
  | { action: "earn"; earned: number; amount: number | null; added: number }
  | { action: "spend"; cost: number };

/** What card-redeem asks of a card of this kind. */
export type RedeemContext = {
  reward: KindReward;
  balance: number;
  currency: string | null;
  /** The option asked for (null: none of this owner by that id; undefined: none named). */
  option: RedeemOption | null | undefined;
  /** The amount off in minor units (null: none given). */
  amount(): ParsedAmount | null;
};

/** add-reward's body, as the contract parsed it. */
export type AddRewardInput = z.output<typeof addRewardBody>;

/** What a reward's columns are made from: the body, the business's currency, and how money is read. */
export type ColumnsContext = {
  body: AddRewardInput;
  currency: string | null;
  amountMinor(amount: string, currency: string): ParsedAmount;
};

/** A wallet pass field (Apple). */
export type PassField = { key: string; label: string; value: string; changeMessage?: string };

/** A card as its passes show it. */
export type PassCardView = {
  balance: number;
  reward: { title: string; stampsRequired: number } | null;
  terms: ProgrammeTerms;
};

/** The SQL a segment reads of a card and its reward's extras (customers/segments.ts). */
export type SegmentSql = {
  stamps: SQL | AnyColumn;
  lifetimeSpend: SQL | AnyColumn;
  /** Stamps to the reward (null unless the kind counts stamps). */
  stampsRequired: SQL;
  /** The points of the reward's cheapest active option. */
  cheapest: SQL | SQL.Aliased | AnyColumn;
  /** The next tier's threshold above the card's lifetime spend. */
  nextThreshold: SQL;
  /** The rewards the card has redeemed so far. */
  rewardsRedeemed: SQL | AnyColumn;
};

/**
 * What the server knows of a programme kind besides the shared part: how it earns and spends in
 * the engine, its reward's columns, its SQL for the segments and the export, how it fills each
 * pass, and how the scanner words it. One object a kind (server/src/kinds/<kind>.ts); the registry
 * (server/src/kinds/index.ts) answers `serverKind(kind)`.
 */
export interface ServerKind extends SharedKind {
  readonly name: KindName;
  /** What a visit without an amount earns (a self-scan, a join). */
  visitEarn(reward: Pick<KindReward, "pointsPerVisit">): number;
  /** Unspent balances lapse `expire_after_days` after the last visit (money earned never does). */
  readonly lapses: boolean;
  /** A card of this kind takes its reward at the scanner (not through card-redeem). */
  readonly redeemsByScan: boolean;
  /** Visits are sold in advance (card-topup) and each redeem uses one: the dashboard counts them sold and used. */
  readonly sellsVisits: boolean;
  /** How many visits toward the day's fraud count a correction that adds `added` is. */
  dayCount(added: number): number;
  /** The visit's share of an order's `earned` (the rest was earned by its amount). */
  visitShare(earned: number, byAmount: boolean, visitEarn: number): number;
  /** A promotion or a level may multiply this kind's earn (stamps: only a bonus adds to it). */
  readonly multiplies: boolean;
  /** A promotion may add to this kind's earn at all (prepaid visits are used, never earned). */
  readonly boosted: boolean;
  /** What a level of this kind adds to an earn (its stored multiplier or bonus), null: the kind has no levels. */
  levelBoost(level: { multiplier: number | null; bonus: number | null }): Boost | null;
  /** An earn of `earned` boosted by a multiplier (hundredths; null: none) and a bonus (null: none). */
  boost(earned: number, by: Boost): number;
  /** A staff scan or an order from outside. */
  staffEarn(ctx: EarnContext): EarnVerdict;
  /** card-redeem: its cost, or why not. */
  redeem(ctx: RedeemContext): { cost: number; option: RedeemOption | null } | Refusal;
  /** add-reward: the kind's own columns, or the 422's sentences by field. */
  columns(ctx: ColumnsContext): { columns: KindColumns } | { errors: Record<string, Sentence[]> };
  /** A referral bonus as stored (the contract checked its form): whole units, or money's minor units. */
  storedBonus(value: string, currency: string | null): { value: number } | { error: Sentence };
  /** The reward answer's fields only this kind fills. */
  answer(row: KindColumns, currency: string | null): Partial<Pick<Reward, "cashback_percent" | "visits_included">>;
  /** The scanner's "reward ready": what the staff may hand over now (cashback: money to spend). */
  scanReady(balance: number, stampsRequired: number | null, affordable: readonly KindOption[]): boolean;
  /** The scanner's sentence after a staff scan. */
  staffScanMessage(
    data: ScanResult,
    outcome: { action: "stamp" | "redeem"; delta: number },
    words: ProgrammeWords,
  ): Sentence;
  /** The scanner's sentence after a self-scan (`waiting`: not now). */
  selfScanMessage(data: ScanResult, waiting: boolean): Sentence;
  /** card-adjust's sentence: `amount` is the change in words, `summary` the card after it. */
  adjustedMessage(delta: number, amount: string, summary: { stamps: number; balance_text: string }): Sentence;
  /** Apple's primary field: the balance. */
  appleBalanceField(card: PassCardView, t: Translate): PassField;
  /** Apple's secondary field: the reward line (a reward runs). */
  appleRewardField(card: PassCardView & { reward: { title: string; stampsRequired: number } }, t: Translate): PassField;
  /** Google's loyalty object fields that change with the balance. */
  googlePatch(card: PassCardView, t: Translate): { loyaltyPoints: object; textModulesData: object[] };
  /** Stamps to the reward in SQL (null unless the kind counts stamps). */
  stampsRequiredSql(required: SQL): SQL;
  /** Whether the card's reward is ready, in SQL. */
  readySql(card: SegmentSql): SQL;
  /** Whether the card is near its reward, in SQL (null: never). */
  nearSql(card: SegmentSql): SQL;
  /** The near-reward automation's period, in SQL text: a card is told once per period. */
  nearPeriodSql(card: SegmentSql): SQL;
  /** The export's currency cell (SQL text) from the business's currency (SQL text). */
  exportCurrency(currency: string): string;
  /** The export's balance-after cell (SQL text): the count, or money. */
  exportBalance(balance: string, money: string): string;
}
