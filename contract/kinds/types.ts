import type { PlanFeature } from "../plan-features";
import type { LevelBasis, LevelBoostField } from "./levels";

/** What the balance's text needs to know of the programme (`Kind`: the registry's names). */
export type KindTerms<Kind extends string = string> = {
  kind: Kind;
  /** Stamps programmes. */
  stampsRequired: number | null;
  /** Points programmes: the options, any order (the next one the balance does not reach is named). */
  options?: readonly { title: string; points: number }[];
  /** Points and cashback: the business's currency. */
  currency: string | null;
};

/**
 * A balance's words in one language, each a catalogue sentence (ICU plurals there, so Arabic's
 * six forms are the catalogue's business, not this file's). `locale` formats numbers and money.
 */
export interface ProgrammeWords {
  locale: string;
  /** "1 stamp", "7 stamps". */
  stamps(count: number): string;
  /** "1 point", "340 points". */
  points(count: number): string;
  /** "7 of 10 stamps". */
  stampsOf(stamps: number, required: number): string;
  /** "340 points — 60 to Free lunch": `amount` is already in words. */
  pointsTo(amount: string, remaining: number, title: string): string;
  /** "€4.60 to spend": `amount` is already money. */
  toSpend(amount: string): string;
  /** "1 visit", "7 visits". */
  visits(count: number): string;
  /** "7 of 10 visits left". */
  visitsLeft(left: number, included: number): string;
}

/** A points programme's option, as the balance's words and the card read it. */
export type KindOption = { title: string; points: number };

/**
 * What every side (the browser, the contract, the server) knows of a programme kind: its
 * add-reward body's checks, its unit, and how its balance reads (its fields, as zod shapes, are
 * contract/kinds/fields/<kind>.ts). One object a kind (contract/kinds/<kind>.ts); the registry
 * (contract/kinds/index.ts) answers `kindOf(kind)`.
 */
export interface SharedKind {
  /**
   * add-reward's checks of a body of this kind (its own fields as the shape parsed them; a method,
   * so each kind names only the fields it reads). `issue` reports a field's problem.
   */
  checkBody(body: object, issue: (field: string, message: string) => void): void;
  /** A referral bonus's problem in this kind's unit ("2", "2.50"), or null when it fits. */
  bonusProblem(value: string, label: string): string | null;
  /** The referral bonus when the owner sets none (0: none). */
  readonly defaultReferralBonus: number;
  /** The balance is money: minor units of the business's currency. */
  readonly countsMoney: boolean;
  /** The programme counts in the business's currency, so the business needs one. */
  readonly needsCurrency: boolean;
  /** The programme has a catalogue of options its balance buys (reward-option-add). */
  readonly hasOptions: boolean;
  /**
   * A redeem hands over the programme's reward itself (a stamp card's), so the reward carries the
   * owner's `cost` (add-reward's); points options and money carry their own.
   */
  readonly rewardCost: boolean;
  /** The plan feature a programme of this kind needs to be created or changed (null: the rewards' own). */
  readonly feature: PlanFeature | null;
  /** Staff sell its balance at the counter (card-topup): prepaid visits. */
  readonly sellsVisits: boolean;
  /** The voucher offer kind (contract/offers.ts) that adds to this kind's balance on redeem; null: none. */
  readonly balanceOffer: "points" | "stamps" | null;
  /** What a level adds to this kind's earn (add-reward's `levels` field), or null: no levels. */
  readonly levelField: LevelBoostField | null;
  /** What a card's level is measured by when the owner names no `level_basis`. */
  readonly levelBasis: LevelBasis;
  /** Its earned and spent balances add up in programme_totals (the dashboard's points issued and redeemed). */
  readonly totalled: boolean;
  /** Stamps to the reward, or null when the kind counts no stamps toward one. */
  stampsRequired(reward: { stampsRequired: number }): number | null;
  /** The balance alone: "7 stamps", "340 points", "€4.60". */
  balanceAmount(terms: KindTerms, balance: number, words: ProgrammeWords): string;
  /** The balance with what it is for: "7 of 10 stamps", "340 points — 60 to Free lunch", "€4.60 to spend". */
  balanceText(terms: KindTerms, balance: number, words: ProgrammeWords): string;
  /** Whether the card may take a reward now (its page, its passes): cashback money is never "ready". */
  ready(balance: number, terms: Pick<KindTerms, "stampsRequired" | "options">): boolean;
  /** A value in this unit as the contract answers it: money as its decimal string, else the count. */
  unitValue(value: number, currency: string | null): number | string;
}
