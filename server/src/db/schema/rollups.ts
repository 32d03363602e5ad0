import { kindsWhere, kindLiteral } from "../../../../contract/kinds";
import { EARNING_EVENTS, SPENDING_EVENTS } from "./loyalty";
import { ROLLUP_PART_SQL } from "./rollup-part";

// The rollups the database keeps itself, declared here beside the tables they fill and named in
// their comments. A migration creates each from this text; a test compares the function the
// database runs with it, so neither can change without the other.

const list = (names: readonly string[]) => names.map((n) => `'${n}'`).join(", ");

/**
 * programme_totals: what the cards of each business earned (the positive deltas of the earning
 * events) and spent (the spending events), in the kinds that are totalled. A statement-level
 * trigger, so a bulk load or a seed counts like the engine's one row at a time; rows are taken in
 * key order, so concurrent writes of one business never deadlock on them. A transaction counts
 * in its own part (rollup-part.ts), so concurrent earns of one business do not wait for each other.
 */
export const PROGRAMME_TOTALS_FUNCTION = `CREATE OR REPLACE FUNCTION programme_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO programme_totals AS t (business_id, part, user_id, points_issued, points_redeemed)
  SELECT n.business_id, ${ROLLUP_PART_SQL}, n.user_id,
    coalesce(sum(n.delta) FILTER (WHERE n.kind IN (${list(EARNING_EVENTS)}) AND n.delta > 0), 0),
    coalesce(-sum(n.delta) FILTER (WHERE n.kind IN (${list(SPENDING_EVENTS)})), 0)
  FROM new_events n
  WHERE n.unit IN (${kindsWhere((k) => k.totalled)
    .map(kindLiteral)
    .join(", ")})
  GROUP BY 1, 2, 3
  ORDER BY 1, 2
  ON CONFLICT (business_id, part) DO UPDATE SET
    points_issued = t.points_issued + excluded.points_issued,
    points_redeemed = t.points_redeemed + excluded.points_redeemed;
  RETURN NULL;
END $$;`;

/** A scan's local day at its business, from a transition table's row `row` joined to `b` (businesses). */
const scanDay = (row: string) => `(${row}.created_at AT TIME ZONE b.time_zone)::date`;

/** Its row's counts (negated for the rows a change took away), grouped by the scan_days key. */
const scanCounts = (
  row: string,
  table: string,
  sign: "" | "-",
) => `SELECT ${row}.user_id, ${row}.business_id, ${row}.qr_code_id, ${scanDay(row)}, ${ROLLUP_PART_SQL},
      ${sign}count(*) FILTER (WHERE ${row}.kind = 'join'), ${sign}count(*) FILTER (WHERE ${row}.kind = 'stamp'),
      ${sign}count(*) FILTER (WHERE ${row}.kind = 'redeem')
    FROM ${table} ${row} JOIN businesses b ON b.id = ${row}.business_id
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 2, 3, 4, 5
    ON CONFLICT (business_id, qr_code_id, day, part) DO UPDATE SET
      joins = d.joins + excluded.joins, stamps = d.stamps + excluded.stamps, redeems = d.redeems + excluded.redeems`;

/**
 * scan_days: the scans per business, QR code and local day, kept by statement-level triggers on
 * every insert, update or delete of scans (migration 0011 made the triggers, one an event, since
 * transition tables allow one event a trigger; each branch names only the tables its event has),
 * whoever writes them: the app, a cascade such as a deleted QR code's set null, a bulk load. Rows
 * are taken in key order, so concurrent scans never deadlock on them. A transaction counts in its
 * own part (rollup-part.ts), what an update or delete takes away too (negative): rows counted
 * before rollups had parts are all in part 0, and readers sum the parts.
 */
export const SCAN_DAYS_FUNCTION = `CREATE OR REPLACE FUNCTION scan_days_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO scan_days AS d (user_id, business_id, qr_code_id, day, part, joins, stamps, redeems)
    ${scanCounts("g", "old_scans", "-")};
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO scan_days AS d (user_id, business_id, qr_code_id, day, part, joins, stamps, redeems)
    ${scanCounts("n", "new_scans", "")};
  END IF;
  RETURN NULL;
END $$;`;
