import { kindsWhere, kindLiteral } from "../../../../contract/kinds";
import { EARNING_EVENTS, SPENDING_EVENTS } from "./loyalty";
import { ROLLUP_PART_SQL } from "./rollup-part";
import { MAX_CONTROL_PERCENT } from "../../../../contract/analytics";

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

/** A card's control bucket (modules/insights/control-group.ts) as the period rollups keep it. */
export const cardBucketSql = (serial: string) =>
  `least(('x' || substr(md5(${serial}), 1, 8))::bit(32)::bigint % 100, ${MAX_CONTROL_PERCENT})::smallint`;

/** A row's UTC day (the periods of the insights are whole UTC days). */
const utcDay = (row: string) => `(${row}.created_at AT TIME ZONE 'UTC')::date`;

/** Its rows' card counts and balances (negated for the rows a change took away). */
const cardCounts = (row: string, table: string, sign: "" | "-") => ({
  days: `SELECT ${row}.business_id, ${utcDay(row)}, ${cardBucketSql(`${row}.serial`)}, ${ROLLUP_PART_SQL}, ${sign}count(*)
    FROM ${table} ${row} GROUP BY 1, 2, 3, 4`,
  balances: `SELECT ${row}.business_id, ${row}.reward_id, ${ROLLUP_PART_SQL}, ${sign}sum(${row}.stamps)
    FROM ${table} ${row} WHERE ${row}.reward_id IS NOT NULL GROUP BY 1, 2, 3`,
});

/**
 * A count row's business is still there: a deleted business's cards are deleted by its cascade,
 * after the business, and their counts go with it.
 */
const businessKept = "EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)";

/** Both rollups' upserts, from `sources`: the count rows of the event's transition tables. */
const cardUpserts = (
  sources: (part: "days" | "balances") => string,
) => `INSERT INTO insight_card_days AS d (business_id, day, bucket, part, cards)
    SELECT business_id, day, bucket, part, sum(n) FROM (${sources("days")}) c (business_id, day, bucket, part, n)
    WHERE ${businessKept}
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, day, bucket, part) DO UPDATE SET cards = d.cards + excluded.cards;
    INSERT INTO insight_balances AS d (business_id, reward_id, part, balance)
    SELECT business_id, reward_id, part, sum(n) FROM (${sources("balances")}) c (business_id, reward_id, part, n)
    WHERE ${businessKept}
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (business_id, reward_id, part) DO UPDATE SET balance = d.balance + excluded.balance;`;

/**
 * An update's count rows: what each changed card took away and put, from the old and new rows
 * side by side, so a card whose counted columns did not change (most updates: a stamp moves only
 * the balance) costs a comparison.
 */
const changed = (part: "days" | "balances") =>
  part === "days"
    ? `SELECT v.business_id, v.day, v.bucket, ${ROLLUP_PART_SQL}, sum(v.n)
    FROM old_cards o JOIN new_cards n ON n.id = o.id,
      LATERAL (VALUES (o.business_id, ${utcDay("o")}, ${cardBucketSql("o.serial")}, -1),
        (n.business_id, ${utcDay("n")}, ${cardBucketSql("n.serial")}, 1)) v (business_id, day, bucket, n)
    WHERE (o.business_id, o.created_at, o.serial) IS DISTINCT FROM (n.business_id, n.created_at, n.serial)
    GROUP BY 1, 2, 3, 4`
    : `SELECT v.business_id, v.reward_id, ${ROLLUP_PART_SQL}, sum(v.n)
    FROM old_cards o JOIN new_cards n ON n.id = o.id,
      LATERAL (VALUES (o.business_id, o.reward_id, -o.stamps), (n.business_id, n.reward_id, n.stamps)) v (business_id, reward_id, n)
    WHERE (o.business_id, o.reward_id, o.stamps) IS DISTINCT FROM (n.business_id, n.reward_id, n.stamps)
      AND v.reward_id IS NOT NULL
    GROUP BY 1, 2, 3`;

const taken = (part: "days" | "balances") => cardCounts("o", "old_cards", "-")[part];
const put = (part: "days" | "balances") => cardCounts("n", "new_cards", "")[part];

/**
 * An update of one card (every change the engine writes: a stamp, a redeem) whose join day and
 * programme stayed: its balance moves by its change of stamps, one row written from the two rows
 * read side by side, without the grouping and sorting a bulk update needs (they cost a stamp
 * about as much database time as the rest of its triggers). `card_business` and `card_reward`
 * are null when the card moved to another business or programme (or has none), and `card_moved`
 * is whether its join day or bucket may have changed: then the grouped statements count it, as
 * they count many cards.
 */
const oneCard = `SELECT count(*),
      bool_or((o.business_id, o.created_at, o.serial) IS DISTINCT FROM (n.business_id, n.created_at, n.serial)),
      min(n.business_id) FILTER (WHERE o.business_id = n.business_id),
      min(n.reward_id) FILTER (WHERE o.reward_id = n.reward_id),
      max(n.stamps::bigint - o.stamps)
    INTO changed_cards, card_moved, card_business, card_reward, card_delta
    FROM old_cards o JOIN new_cards n ON n.id = o.id;`;

/**
 * insight_card_days and insight_balances: the cards per day they joined and control bucket, and
 * what the cards of each programme hold, kept by statement-level triggers on every insert,
 * update or delete of cards (as scan_days is kept; each branch names only the tables its event
 * has). An update counts what it took away and what it put, so a stamp moves its programme's
 * balance and a changed join time moves the card's day; sums that come to nothing are not
 * written. A transaction counts in its own part.
 */
export const INSIGHT_CARDS_FUNCTION = `CREATE OR REPLACE FUNCTION insight_cards_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_cards bigint;
  card_moved boolean;
  card_business integer;
  card_reward integer;
  card_delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${cardUpserts(put)}
  ELSIF TG_OP = 'DELETE' THEN
    ${cardUpserts(taken)}
  ELSE
    ${oneCard}
    IF changed_cards = 1 AND NOT card_moved AND card_business IS NOT NULL AND card_reward IS NOT NULL THEN
      IF card_delta <> 0 THEN
        INSERT INTO insight_balances AS d (business_id, reward_id, part, balance)
        SELECT card_business, card_reward, ${ROLLUP_PART_SQL}, card_delta
        WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = card_business)
        ON CONFLICT (business_id, reward_id, part) DO UPDATE SET balance = d.balance + excluded.balance;
      END IF;
    ELSIF changed_cards > 0 THEN
      ${cardUpserts(changed)}
    END IF;
  END IF;
  RETURN NULL;
END $$;`;

/** A change to a counted column: another value, except one a deletion elsewhere set to null. */
const rewritten = (columns: readonly string[], nullable: readonly string[]) =>
  [
    ...columns.map((c) => `o.${c} IS DISTINCT FROM n.${c}`),
    ...nullable.map((c) => `(n.${c} IS NOT NULL AND o.${c} IS DISTINCT FROM n.${c})`),
  ].join(" OR ");

/** Every business of a transition table's rows, to count again from its history. */
const rebuildFrom = (business: string, rows: string, where = "") =>
  `INSERT INTO insight_changes (business_id, kind) SELECT DISTINCT ${business}, 'rebuild' FROM ${rows}${where};`;

/**
 * insight_changes: what the period rollups (modules/insights/rollups.ts) have still to count,
 * noted by statement-level triggers in the transaction that writes the history, whoever writes
 * it. A new scan, sale or redeem event is noted by its id. A scan or sale whose counted columns
 * change, or one deleted, notes its business to be counted again from its history; a column set
 * to null because the row it named was deleted (a card, a programme) is history kept as it was,
 * and a card's events deleted with it leave their redeems counted.
 */
export const INSIGHT_CHANGES_FUNCTION = `CREATE OR REPLACE FUNCTION insight_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF TG_TABLE_NAME = 'card_events' THEN
      INSERT INTO insight_changes (business_id, kind, row_id)
      SELECT business_id, 'redeem', id FROM new_rows WHERE kind = 'redeem' ORDER BY id;
    ELSE
      INSERT INTO insight_changes (business_id, kind, row_id)
      SELECT business_id, CASE TG_TABLE_NAME WHEN 'scans' THEN 'scan' ELSE 'sale' END, id FROM new_rows ORDER BY id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    ${rebuildFrom("business_id", "old_rows")}
  ELSIF TG_TABLE_NAME = 'scans' THEN
    ${rebuildFrom(
      "n.business_id",
      "old_rows o JOIN new_rows n ON n.id = o.id",
      ` WHERE ${rewritten(["business_id", "kind", "created_at", "staff_user_id"], ["card_id", "reward_id"])}`,
    )}
  ELSE
    ${rebuildFrom(
      "n.business_id",
      "old_rows o JOIN new_rows n ON n.id = o.id",
      ` WHERE ${rewritten(["business_id", "kind", "amount", "currency", "occurred_at"], ["card_id"])}`,
    )}
  END IF;
  RETURN NULL;
END $$;`;
