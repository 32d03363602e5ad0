import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { cards } from "./loyalty";

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
