import { kindsWhere, kindLiteral } from "../../../../contract/kinds";
import { EARNING_EVENTS, SPENDING_EVENTS } from "./loyalty";

// The rollups the database keeps itself, declared here beside the tables they fill and named in
// their comments. A migration creates each from this text; a test compares the function the
// database runs with it, so neither can change without the other.

const list = (names: readonly string[]) => names.map((n) => `'${n}'`).join(", ");

/**
 * programme_totals: what the cards of each business earned (the positive deltas of the earning
 * events) and spent (the spending events), in the kinds that are totalled. A statement-level
 * trigger, so a bulk load or a seed counts like the engine's one row at a time; rows are taken in
 * key order, so concurrent writes of one business never deadlock on them.
 */
export const PROGRAMME_TOTALS_FUNCTION = `CREATE OR REPLACE FUNCTION programme_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO programme_totals AS t (business_id, user_id, points_issued, points_redeemed)
  SELECT n.business_id, n.user_id,
    coalesce(sum(n.delta) FILTER (WHERE n.kind IN (${list(EARNING_EVENTS)}) AND n.delta > 0), 0),
    coalesce(-sum(n.delta) FILTER (WHERE n.kind IN (${list(SPENDING_EVENTS)})), 0)
  FROM new_events n
  WHERE n.unit IN (${kindsWhere((k) => k.totalled)
    .map(kindLiteral)
    .join(", ")})
  GROUP BY 1, 2
  ORDER BY 1
  ON CONFLICT (business_id) DO UPDATE SET
    points_issued = t.points_issued + excluded.points_issued,
    points_redeemed = t.points_redeemed + excluded.points_redeemed;
  RETURN NULL;
END $$;`;
