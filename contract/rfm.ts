import "./zod-setup";
import { z } from "zod";
import { refId } from "./ids";
import { pageQuery, paginated } from "./pagination";

/** The named RFM segments, best first. Each is a message and offer segment too (`rfm:<name>`). */
export const RFM_SEGMENTS = [
  "champions",
  "loyal",
  "promising",
  "needs_attention",
  "at_risk",
  "hibernating",
  "lost",
] as const;
export type RfmSegment = (typeof RFM_SEGMENTS)[number];

/** How far back frequency and monetary value count (days); recency is the last visit ever. */
export const RFM_WINDOW_DAYS = 365;

/**
 * The fixed map of scores to segments: row = recency score (1–5), column = the frequency score,
 * or with a till the mean of the frequency and monetary scores rounded half up (1–5).
 */
export const RFM_TABLE: readonly (readonly RfmSegment[])[] = [
  //        F/M 1           2              3          4          5
  /* R1 */ ["lost", "lost", "at_risk", "at_risk", "at_risk"],
  /* R2 */ ["hibernating", "hibernating", "at_risk", "at_risk", "at_risk"],
  /* R3 */ ["needs_attention", "needs_attention", "loyal", "loyal", "loyal"],
  /* R4 */ ["promising", "promising", "loyal", "champions", "champions"],
  /* R5 */ ["promising", "promising", "loyal", "champions", "champions"],
];

/** The F/M column of a card: its frequency score, or with a monetary score their mean rounded half up. */
export const rfmColumn = (frequency: number, monetary: number | null) =>
  monetary === null ? frequency : Math.floor((frequency + monetary + 1) / 2);

/** The segment of a card's scores (each 1–5). */
export const rfmSegmentOf = (recency: number, frequency: number, monetary: number | null): RfmSegment =>
  RFM_TABLE[recency - 1]![rfmColumn(frequency, monetary) - 1]!;

/** analytics-rfm: a business's segment counts; with `segment`, that segment's cards too, a page at a time. */
export const analyticsRfmQuery = pageQuery.extend({
  business_id: refId("business"),
  segment: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(RFM_SEGMENTS, { error: `The segment must be one of: ${RFM_SEGMENTS.join(", ")}.` }).optional(),
  ),
});
export type AnalyticsRfmQuery = z.input<typeof analyticsRfmQuery>;

/** One card's scores: 1–5 each (5 best: most recent, most frequent, most spent); monetary null without a till. */
export const rfmCard = z.object({
  serial: z.string(),
  name: z.string().nullable(),
  last_visit_at: z.string(),
  /** Visits in the last RFM_WINDOW_DAYS days. */
  visits: z.number().int(),
  /** Till spend in the last RFM_WINDOW_DAYS days, refunds taken off (a decimal string); null without a till. */
  spend: z.string().nullable(),
  recency: z.number().int(),
  frequency: z.number().int(),
  monetary: z.number().int().nullable(),
  segment: z.enum(RFM_SEGMENTS),
});
export type RfmCard = z.infer<typeof rfmCard>;

/**
 * Every card of the business scored by quintiles within it and mapped by RFM_TABLE: how many in
 * each segment (all seven, in RFM_SEGMENTS' order). `monetary` says whether spend was scored (the
 * business has a till). `cards`: the asked segment's cards, most recent visit first; null when
 * no segment was asked.
 */
export const analyticsRfm = z.object({
  business_id: z.number().int(),
  monetary: z.boolean(),
  customers: z.number().int(),
  segments: z.array(z.object({ segment: z.enum(RFM_SEGMENTS), customers: z.number().int(), share: z.number() })),
  cards: paginated(rfmCard).nullable(),
});
export type AnalyticsRfm = z.infer<typeof analyticsRfm>;
