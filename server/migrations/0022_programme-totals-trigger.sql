-- programme_totals (server/src/db/schema/loyalty.ts): the points each business's cards earned and
-- spent, for dashboard-details (issue 23). A statement-level trigger keeps it in the same
-- transaction as every insert into card_events, whoever writes it (the engine, a seed, a bulk
-- load), with one grouped statement per statement; only points events count, so a stamps
-- programme's history adds an empty insert. Rows are taken in key order: concurrent writes of
-- one business never deadlock on them. Earned: positive joins, stamps (earn visits), referral
-- bonuses and corrections up; spent: redeems. Expiries and corrections down are neither.
CREATE FUNCTION programme_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO programme_totals AS t (business_id, user_id, points_issued, points_redeemed)
  SELECT n.business_id, n.user_id,
    coalesce(sum(n.delta) FILTER (WHERE n.kind IN ('join', 'stamp', 'referral', 'adjust') AND n.delta > 0), 0),
    coalesce(-sum(n.delta) FILTER (WHERE n.kind = 'redeem'), 0)
  FROM new_events n
  WHERE n.unit = 'points'
  GROUP BY 1, 2
  ORDER BY 1
  ON CONFLICT (business_id) DO UPDATE SET
    points_issued = t.points_issued + excluded.points_issued,
    points_redeemed = t.points_redeemed + excluded.points_redeemed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_events_programme_totals AFTER INSERT ON card_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION programme_totals_count();
--> statement-breakpoint
-- The points history written before this migration.
INSERT INTO programme_totals (business_id, user_id, points_issued, points_redeemed)
SELECT business_id, user_id,
  coalesce(sum(delta) FILTER (WHERE kind IN ('join', 'stamp', 'referral', 'adjust') AND delta > 0), 0),
  coalesce(-sum(delta) FILTER (WHERE kind = 'redeem'), 0)
FROM card_events
WHERE unit = 'points'
GROUP BY 1, 2;
