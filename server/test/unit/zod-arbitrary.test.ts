import fc from "fast-check";
import { calls, type Call } from "../../../contract/calls";
import { safeParse, type Schema } from "../../../contract/schema";
import { calendarDate } from "../../../contract/fields";
import { arbitraryFor, EDGE_DATES } from "../helpers/zod-arbitrary";

/**
 * The fuzzer's zod → fast-check walker (helpers/zod-arbitrary.ts) builds mostly valid input for
 * every schema of the contract, so fuzzed requests get past validation into the handlers.
 */

/** Schemas no generator can satisfy without the server's secrets: Stripe's signed raw event. */
const OPAQUE = new Set(["stripeWebhook.body"]);

/**
 * Schemas whose rules tie fields together or to the calendar, which a walker of each field alone
 * seldom meets: their generated values are still sent by the fuzzer (as valid-looking, mostly
 * refused input), but at least a few must pass, not most.
 */
const CROSS_FIELD: Record<string, string> = {
  "addBusiness.body": "an IANA time zone and a logo file among generated strings",
  "scanList.query": "real calendar days in 1900–2100 (and edge dates), from ≤ to, a page within the offset bound",
  "scanExport.query": "real calendar days in 1900–2100 (and edge dates), from ≤ to",
  "customerList.query": "the last-visit range and a server-made cursor",
  "segmentCount.query": "days required by some segments only",
  "notificationAdd.body": "a level named only by the level segment",
  "smsEstimate.body": "days required by some segments only",
  "addReward.body": "each programme kind's own required fields (stamps, points per visit or unit, cashback percent)",
  "cardRedeem.body": "exactly one of an option and an amount",
  "offerAdd.body": "each offer kind's own field (an amount, a percent, points or stamps) and no other",
  "offerSend.body": "days required by some segments only",
  "automationSave.body":
    "days required by win-back only, an offer only on win-back, the message off only with an offer",
  "promotionAdd.body": "a multiplier or a bonus, an end time after the start, an end day on or after the first",
  "analyticsSummary.query": "real calendar days, from ≤ to, at most two years apart",
  "analyticsStaff.query": "real calendar days, from ≤ to, at most two years apart",
  "analyticsLift.query": "real calendar days, from ≤ to, at most two years apart",
};

const schemas = (Object.entries(calls) as [string, Call][]).flatMap(([name, call]) =>
  (["body", "query", "params"] as const)
    .filter((part) => call[part] !== undefined)
    .map((part) => [`${name}.${part}`, call[part] as Schema] as const),
);

const pool = { strings: [], files: [new Uint8Array([0x89, 0x50, 0x4e, 0x47])] };

it.each(schemas.filter(([key]) => !OPAQUE.has(key)))("%s: most generated values are valid", (key, schema) => {
  const values = fc.sample(arbitraryFor(schema, pool), { numRuns: 40, seed: 18 });
  const valid = values.filter((value) => safeParse(schema, value).success).length;
  expect(valid).toBeGreaterThanOrEqual(key in CROSS_FIELD ? 1 : 20);
});

it("answers any JSON for a kind it does not know, and is deterministic for a seed", () => {
  const schema = { _zod: { def: { type: "promise" } } } as unknown as Schema;
  const a = fc.sample(arbitraryFor(schema, pool), { numRuns: 5, seed: 1 });
  expect(a).toHaveLength(5);
  expect(fc.sample(arbitraryFor(schema, pool), { numRuns: 5, seed: 1 })).toEqual(a);
});

it("gives the contract's date real days and, now and then, the calendar's edge days", () => {
  for (const schema of [calendarDate, calls.customerList.query!, calls.walletBirthday.body!]) {
    const text = JSON.stringify(fc.sample(arbitraryFor(schema, pool), { numRuns: 300, seed: 22 }));
    const edges = EDGE_DATES.filter((day) => text.includes(`"${day}"`));
    expect(edges.length).toBeGreaterThanOrEqual(5);
    expect(edges.some((day) => !safeParse(calendarDate, day).success)).toBe(true);
  }
  const days = fc.sample(arbitraryFor(calendarDate, pool), { numRuns: 200, seed: 22 }) as string[];
  expect(days.filter((day) => safeParse(calendarDate, day).success).length).toBeGreaterThan(150);
});
