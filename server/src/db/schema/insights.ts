import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { cards } from "./loyalty";
import { rollupPart } from "./rollup-part";

/**
 * The RFM scores of a business's cards as of its scoring (rfm_scorings): recency, frequency and
 * (with a till) monetary quintiles within the business and the segment they name, with the
 * figures scored. Written whole per business by the scoring job (modules/insights/rfm-scores.ts),
 * so analytics-rfm and the `rfm:` segments read them instead of ranking every card per request.
 */
export const rfmScores = pgTable(
  "rfm_scores",
  {
    cardId: integer("card_id")
      .primaryKey()
      .references(() => cards.id, { onDelete: "cascade" }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    lastVisitAt: timestamp("last_visit_at", { withTimezone: true }).notNull(),
    visits: integer("visits").notNull(),
    /** Net till spend in the business's currency over the window (minor units); null without a till. */
    spend: bigint("spend", { mode: "number" }),
    r: smallint("r").notNull(),
    f: smallint("f").notNull(),
    /** Null without a till. */
    m: smallint("m"),
    segment: text("segment").notNull(),
  },
  // A segment's page, most recent visit first.
  (t) => [index("rfm_scores_segment_idx").on(t.businessId, t.segment, t.lastVisitAt.desc(), t.cardId.desc())],
);

/**
 * When a business's cards were last scored (the transaction's start: a change after it is
 * scored again by the next run), whether spend counted, and the cards per segment then.
 */
export const rfmScorings = pgTable("rfm_scorings", {
  businessId: integer("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  scoredAt: timestamp("scored_at", { withTimezone: true }).notNull(),
  till: boolean("till").notNull(),
  counts: jsonb("counts").$type<Record<string, number>>().notNull(),
});

/**
 * A business's cohort counts as of `counted_at` (modules/insights/cohorts.ts): for each month
 * from `first_month` on, the cards that joined in it (`after` null) and, per month after, how
 * many of them visited then. Counted again by the insights job when the business changed, so
 * analytics-cohorts reads one row instead of a scan of two years of history per request.
 */
export const cohortCounts = pgTable("cohort_counts", {
  businessId: integer("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  countedAt: timestamp("counted_at", { withTimezone: true }).notNull(),
  /** "YYYY-MM": the first cohort counted. */
  firstMonth: text("first_month").notNull(),
  rows: jsonb("rows").$type<{ month: string; after: number | null; n: number }[]>().notNull(),
});

// ── The period figures' rollups (modules/insights/rollups.ts) ────────────────────────────────
// analytics-summary, analytics-lift and analytics-staff answer any run of whole UTC days from
// these, never from the history. Each is keyed by day, so a period is a range of rows. Distinct
// customers over a period come from how each visit relates to the card's visit before it (and the
// one before that): a card is active in [S, E) once, at its first visit there, whose previous
// visit is before S. Per-card spread (the lift's variance) comes from pairs of one card's visits
// (or sales): the card's count squared is its visits plus twice its pairs, summed by the days of
// the pair's two ends. The reasons are in docs/adr/0012-period-figures-from-day-rollups.md.

/** The day a rollup row has no earlier end for (a card's first visit). */
export const NO_DAY = "-infinity";

/** What a change to the history is, for the rollups still to count it. */
export const INSIGHT_CHANGE_KINDS = ["scan", "sale", "redeem", "rebuild"] as const;

/**
 * The history rows the period rollups have not counted yet: a scan, a sale or a redeem event by
 * its id, written by triggers in the transaction that writes the row, whoever writes it; or
 * `rebuild`, when history already counted was rewritten (a scan's or a sale's time, kind or card
 * changed, a row deleted). Taken whole per business, under its lock, by the one transaction that
 * counts them (so each is counted once); no foreign key, so writing one costs an insert.
 */
export const insightChanges = pgTable(
  "insight_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    businessId: integer("business_id").notNull(),
    kind: text("kind", { enum: INSIGHT_CHANGE_KINDS }).notNull(),
    rowId: integer("row_id"),
  },
  (t) => [index("insight_changes_business_idx").on(t.businessId, t.kind, t.rowId)],
);

const businessRef = () =>
  integer("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

/**
 * A card's place for the lift, as stored: its control bucket (control-group.ts) below the largest
 * percent an owner may hold out, that largest percent for every other card, and -1 for a row with
 * no card.
 */
const bucket = () => smallint("bucket").notNull();

/** Per UTC day and bucket: visits (visitScan) and redeems. */
export const insightVisitDays = pgTable(
  "insight_visit_days",
  {
    businessId: businessRef(),
    day: date("day", { mode: "string" }).notNull(),
    bucket: bucket(),
    visits: integer("visits").notNull(),
    redeems: integer("redeems").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.bucket] })],
);

/**
 * Per UTC day, each card visit (or redeem) by the day of the card's visit before it (`chain` 1),
 * two before it (2), or its redeem before it (3): how many, and the seconds from that visit to
 * this one (chain 1). `lag_day` is NO_DAY when there is none.
 */
export const insightVisitLags = pgTable(
  "insight_visit_lags",
  {
    businessId: businessRef(),
    day: date("day", { mode: "string" }).notNull(),
    chain: smallint("chain").notNull(),
    lagDay: date("lag_day", { mode: "string" }).notNull(),
    n: integer("n").notNull(),
    gapSeconds: bigint("gap_seconds", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.chain, t.lagDay] })],
);

/**
 * The largest bucket a pair-sum row counts: a row holds the pairs of every card whose bucket is at
 * most `up_to_bucket`. So a business's control group (buckets below its percent) is one row per
 * pair of days, at `percent - 1`, and every card one more, at the largest bucket: a period's read
 * sums two rows per pair of days, whatever the percent.
 */
const upToBucket = () => smallint("up_to_bucket").notNull();

/** Pairs of one card's visits, by the later visit's day and the earlier one's, summed up to a bucket. */
export const insightVisitPairSums = pgTable(
  "insight_visit_pair_sums",
  {
    businessId: businessRef(),
    upToBucket: upToBucket(),
    day: date("day", { mode: "string" }).notNull(),
    earlierDay: date("earlier_day", { mode: "string" }).notNull(),
    pairs: bigint("pairs", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "insight_visit_pair_sums_pk", columns: [t.businessId, t.upToBucket, t.day, t.earlierDay] }),
  ],
);

/**
 * Card holders' till sales per UTC day, currency, bucket and whether the card was referred: the
 * net (refunds negative, minor units) and the sum of each sale's net squared.
 */
export const insightSaleDays = pgTable(
  "insight_sale_days",
  {
    businessId: businessRef(),
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    bucket: bucket(),
    referred: boolean("referred").notNull(),
    net: bigint("net", { mode: "number" }).notNull(),
    squares: numeric("squares").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.currency, t.bucket, t.referred] })],
);

/** Pairs of one card's sales: the sum of the products of their nets, by the two days, summed up to a bucket. */
export const insightSalePairSums = pgTable(
  "insight_sale_pair_sums",
  {
    businessId: businessRef(),
    currency: text("currency").notNull(),
    upToBucket: upToBucket(),
    day: date("day", { mode: "string" }).notNull(),
    earlierDay: date("earlier_day", { mode: "string" }).notNull(),
    products: numeric("products").notNull(),
  },
  (t) => [
    primaryKey({
      name: "insight_sale_pair_sums_pk",
      columns: [t.businessId, t.currency, t.upToBucket, t.day, t.earlierDay],
    }),
  ],
);

/**
 * Redeems per UTC day, by the card's programme (0: none), the option bought (0: none) and the
 * balance's unit: how many, and what they took off the balances. What they cost is read with
 * today's costs.
 */
export const insightRedeemDays = pgTable(
  "insight_redeem_days",
  {
    businessId: businessRef(),
    day: date("day", { mode: "string" }).notNull(),
    rewardId: integer("reward_id").notNull(),
    optionId: integer("option_id").notNull(),
    unit: text("unit").notNull(),
    redeems: integer("redeems").notNull(),
    spent: bigint("spent", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.rewardId, t.optionId, t.unit] })],
);

/** Per UTC day and staff member: earns given, and how many a till payment matched. */
export const insightStaffDays = pgTable(
  "insight_staff_days",
  {
    businessId: businessRef(),
    day: date("day", { mode: "string" }).notNull(),
    staffUserId: integer("staff_user_id").notNull(),
    earns: integer("earns").notNull(),
    matched: integer("matched").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.staffUserId] })],
);

/**
 * Cards per UTC day they joined and bucket, and the balances cards hold per programme: kept by
 * triggers on cards (rollups.ts) in the writing transaction, in parts (rollup-part.ts).
 */
export const insightCardDays = pgTable(
  "insight_card_days",
  {
    businessId: businessRef(),
    day: date("day", { mode: "string" }).notNull(),
    bucket: bucket(),
    part: rollupPart(),
    cards: integer("cards").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.bucket, t.part] })],
);

export const insightBalances = pgTable(
  "insight_balances",
  {
    businessId: businessRef(),
    rewardId: integer("reward_id").notNull(),
    part: rollupPart(),
    balance: bigint("balance", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.rewardId, t.part] })],
);
