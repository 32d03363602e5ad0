ALTER TABLE "scan_days" DROP CONSTRAINT "scan_days_key";--> statement-breakpoint
ALTER TABLE "programme_totals" DROP CONSTRAINT "programme_totals_pkey";--> statement-breakpoint
ALTER TABLE "programme_totals" ADD COLUMN "part" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_totals" ADD CONSTRAINT "programme_totals_pkey" PRIMARY KEY("business_id","part");--> statement-breakpoint
ALTER TABLE "scan_days" ADD COLUMN "part" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_days" ADD CONSTRAINT "scan_days_key" UNIQUE NULLS NOT DISTINCT("business_id","qr_code_id","day","part");--> statement-breakpoint
-- The rollups count in parts (server/src/db/schema/rollup-part.ts): the functions as
-- server/src/db/schema/rollups.ts declares them (a test compares the two). The rows counted
-- before are all in part 0; readers sum the parts.
CREATE OR REPLACE FUNCTION programme_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO programme_totals AS t (business_id, part, user_id, points_issued, points_redeemed)
  SELECT n.business_id, (txid_current() % 8)::smallint, n.user_id,
    coalesce(sum(n.delta) FILTER (WHERE n.kind IN ('join', 'stamp', 'referral', 'adjust') AND n.delta > 0), 0),
    coalesce(-sum(n.delta) FILTER (WHERE n.kind IN ('redeem')), 0)
  FROM new_events n
  WHERE n.unit IN ('points')
  GROUP BY 1, 2, 3
  ORDER BY 1, 2
  ON CONFLICT (business_id, part) DO UPDATE SET
    points_issued = t.points_issued + excluded.points_issued,
    points_redeemed = t.points_redeemed + excluded.points_redeemed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION scan_days_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO scan_days AS d (user_id, business_id, qr_code_id, day, part, joins, stamps, redeems)
    SELECT g.user_id, g.business_id, g.qr_code_id, (g.created_at AT TIME ZONE b.time_zone)::date, (txid_current() % 8)::smallint,
      -count(*) FILTER (WHERE g.kind = 'join'), -count(*) FILTER (WHERE g.kind = 'stamp'),
      -count(*) FILTER (WHERE g.kind = 'redeem')
    FROM old_scans g JOIN businesses b ON b.id = g.business_id
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 2, 3, 4, 5
    ON CONFLICT (business_id, qr_code_id, day, part) DO UPDATE SET
      joins = d.joins + excluded.joins, stamps = d.stamps + excluded.stamps, redeems = d.redeems + excluded.redeems;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO scan_days AS d (user_id, business_id, qr_code_id, day, part, joins, stamps, redeems)
    SELECT n.user_id, n.business_id, n.qr_code_id, (n.created_at AT TIME ZONE b.time_zone)::date, (txid_current() % 8)::smallint,
      count(*) FILTER (WHERE n.kind = 'join'), count(*) FILTER (WHERE n.kind = 'stamp'),
      count(*) FILTER (WHERE n.kind = 'redeem')
    FROM new_scans n JOIN businesses b ON b.id = n.business_id
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 2, 3, 4, 5
    ON CONFLICT (business_id, qr_code_id, day, part) DO UPDATE SET
      joins = d.joins + excluded.joins, stamps = d.stamps + excluded.stamps, redeems = d.redeems + excluded.redeems;
  END IF;
  RETURN NULL;
END $$;
