-- programme_totals_count() as server/src/db/schema/rollups.ts declares it (the same rule as before:
-- the earning and spending events of the kinds that are totalled); a test compares the two.
CREATE OR REPLACE FUNCTION programme_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO programme_totals AS t (business_id, user_id, points_issued, points_redeemed)
  SELECT n.business_id, n.user_id,
    coalesce(sum(n.delta) FILTER (WHERE n.kind IN ('join', 'stamp', 'referral', 'adjust') AND n.delta > 0), 0),
    coalesce(-sum(n.delta) FILTER (WHERE n.kind IN ('redeem')), 0)
  FROM new_events n
  WHERE n.unit IN ('points')
  GROUP BY 1, 2
  ORDER BY 1
  ON CONFLICT (business_id) DO UPDATE SET
    points_issued = t.points_issued + excluded.points_issued,
    points_redeemed = t.points_redeemed + excluded.points_redeemed;
  RETURN NULL;
END $$;
