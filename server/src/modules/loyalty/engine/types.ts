import type { cards, rewards } from "../../../db/schema";
import type { Sentence } from "../../../i18n/sentence";
import type { PromotionRule } from "./boost";
import type { ReasonPart } from "../../../db/schema/reason-parts";

/** The types the engine's rules, earn and spend speak in (rules.ts decides with them). */
export type CardRow = typeof cards.$inferSelect;
export type RewardRow = typeof rewards.$inferSelect;

/** The business's day as the database sees it now (day.ts): the daily cap's boundaries. */
export type DayBounds = { now: Date; today: string; tomorrow: Date };

/** The card's columns a change writes: its balance, its daily counters and what it collects for. */
export type CardValues = Pick<
  CardRow,
  | "stamps"
  | "lifetimeStamps"
  | "lifetimeSpend"
  | "rewardsRedeemed"
  | "rewardId"
  | "lastCounterWindow"
  | "stampDay"
  | "stampsToday"
  | "selfStampsToday"
  | "alertDay"
  | "level"
>;

/** A programme's kind: the unit of a card's balance (stamps, points, or cashback's minor units). */
export type Unit = RewardRow["kind"];

/** What a card locked for a change is, with what the rules read beside it. */
export type CardState = {
  card: CardRow;
  reward: RewardRow | null;
  /** The unit the card's balance is in: its own reward's kind, retired or not (none: stamps). */
  unit: Unit;
  /** The business's currency (ISO 4217); null until the owner sets it. */
  currency: string | null;
  /** The business's largest purchase that earns, in hundredths of its currency. */
  maxPurchase: number;
  day: DayBounds;
  fraudThreshold: number;
  /** The card's reward's happy hours running now, in the business's time zone (boost.ts). */
  promotions?: PromotionRule[];
  /** What the card collected toward its reward's levels before this change (levels.ts; 0: none). */
  levelMeasure?: number;
  /** The product categories' multipliers on the card's programme (category_rules). */
  categoryRules?: CategoryMultiplier[];
};

/** A points option as card-redeem read it (null: no option of this owner by that id). */
export type RedeemOption = { id: number; rewardId: number; title: string; points: number; active: boolean };

/**
 * A line of a purchase: its amount (a decimal string in the business's currency) and the product
 * categories it is in (the first with a rule for the card's programme sets its multiplier).
 */
export type EarnLine = { amount: string; categories: readonly number[] };

/** A product category's multiplier on the card's programme, in hundredths (200: double, 0: excluded). */
export type CategoryMultiplier = { categoryId: number; multiplier: number };

/** A change someone asks of a card. Amounts are the contract's decimal strings in the business's currency. */
export type Change =
  | {
      kind: "staff-scan";
      staffUserId: number;
      amount?: string | null;
      apiKeyId?: number;
      /** The staff's split of the amount by category (their sum may not exceed it). */
      lines?: readonly EarnLine[];
    }
  | { kind: "self-scan"; qr: { id: number; addressId: number | null }; counterWindow: number | null }
  | { kind: "correction"; delta: number; actorUserId: number; reason: string }
  /** Visits sold at the counter (a kind that sells visits): staff or the owner. */
  | { kind: "topup"; visits: number; actorUserId: number }
  | { kind: "redeem"; actorUserId: number; option?: RedeemOption | null; amount?: string; apiKeyId?: number }
  | { kind: "expire" }
  /** The nightly re-evaluation of a rolling level period: the level the measure reaches, up or down. */
  | { kind: "level" }
  /** The referral bonus; `bonus` defaults to the reward's (referralBonusOf). */
  | { kind: "referral"; bonus?: number }
  /** An order from outside (the public API, a till): earns as a staff scan, never redeems. */
  | {
      kind: "earn";
      amount?: string;
      stamps?: number;
      source: OrderSource;
      orderId: string;
      apiKeyId?: number;
      /** The till connection the order came through. */
      connectionId?: number;
      /** The order's lines (what they do not add up to of the amount earns at the base rate). */
      lines?: readonly EarnLine[];
    }
  /** An order refunded: takes back what it earned (`earned` in `unit`, on `amount` minor units), never below zero. */
  | {
      kind: "refund";
      orderId: string;
      source: OrderSource;
      earned: number;
      unit: Unit;
      amount: number | null;
      apiKeyId?: number;
      connectionId?: number;
    };

/** Where an order came from. */
export type OrderSource = "api" | "shopify" | "square";

export type ChangeAction = "stamp" | "redeem" | "adjust" | "expire" | "referral" | "topup";

/** What the rules decided: refuse (a 422: no programme unless said), wait (not now), or the card's new values. */
export type Decision =
  | { action: "refuse"; field?: string; message?: Sentence }
  | { action: "wait"; nextAt: Date | null }
  | {
      action: ChangeAction;
      /** The balance added (or, negative, removed) in `unit`: the history's delta. */
      delta: number;
      unit: Unit;
      values: CardValues;
      /** The purchase amount (minor units) the change earned on. */
      amount: number | null;
      /** A points redeem: the option bought. */
      option: RedeemOption | null;
      /** The card moved to a successor of another kind: its balance restarts at 0 (history 'adjust'). */
      restart: { title: string } | null;
      /** A self-scan: the cooldown starts now. */
      selfStamp: boolean;
      /** A visit: earns and redeems, not corrections, expiries or bonuses. */
      visit: boolean;
      /** This change passes the fraud threshold for the first time today: flag the card. */
      flag: boolean;
      /** The level and promotion that boosted this earn, as the history keeps them (empty: none). */
      boostedBy: ReasonPart[];
      /** What the promotion added to this earn beyond the base (and level) earn, in `unit`; 0: none. */
      promotionExtra: number;
    };
