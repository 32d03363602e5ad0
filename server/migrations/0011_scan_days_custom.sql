-- scan_days (server/src/db/schema/loyalty.ts) counts scans per business, QR code and local day.
-- Statement-level triggers keep it in the same transaction as every insert, update or delete of
-- scans, whoever writes them (the app, a cascade such as a deleted QR code's set null, a bulk
-- load), with one grouped statement per statement. Rows are taken in key order, so concurrent
-- scans of one business never deadlock on them. (Transition tables allow one event a trigger,
-- hence three triggers on one function; each branch names only the tables its event has.)
CREATE FUNCTION scan_days_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE scan_days AS d SET joins = d.joins - o.joins, stamps = d.stamps - o.stamps, redeems = d.redeems - o.redeems
    FROM (
      SELECT g.business_id, g.qr_code_id, (g.created_at AT TIME ZONE b.time_zone)::date AS day,
        count(*) FILTER (WHERE g.kind = 'join') AS joins, count(*) FILTER (WHERE g.kind = 'stamp') AS stamps,
        count(*) FILTER (WHERE g.kind = 'redeem') AS redeems
      FROM old_scans g JOIN businesses b ON b.id = g.business_id
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3
    ) o
    WHERE d.business_id = o.business_id AND d.qr_code_id IS NOT DISTINCT FROM o.qr_code_id AND d.day = o.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO scan_days AS d (user_id, business_id, qr_code_id, day, joins, stamps, redeems)
    SELECT n.user_id, n.business_id, n.qr_code_id, (n.created_at AT TIME ZONE b.time_zone)::date,
      count(*) FILTER (WHERE n.kind = 'join'), count(*) FILTER (WHERE n.kind = 'stamp'),
      count(*) FILTER (WHERE n.kind = 'redeem')
    FROM new_scans n JOIN businesses b ON b.id = n.business_id
    GROUP BY 1, 2, 3, 4
    ORDER BY 2, 3, 4
    ON CONFLICT (business_id, qr_code_id, day) DO UPDATE SET
      joins = d.joins + excluded.joins, stamps = d.stamps + excluded.stamps, redeems = d.redeems + excluded.redeems;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scans_count_insert AFTER INSERT ON scans
  REFERENCING NEW TABLE AS new_scans FOR EACH STATEMENT EXECUTE FUNCTION scan_days_count();
--> statement-breakpoint
CREATE TRIGGER scans_count_update AFTER UPDATE ON scans
  REFERENCING OLD TABLE AS old_scans NEW TABLE AS new_scans FOR EACH STATEMENT EXECUTE FUNCTION scan_days_count();
--> statement-breakpoint
CREATE TRIGGER scans_count_delete AFTER DELETE ON scans
  REFERENCING OLD TABLE AS old_scans FOR EACH STATEMENT EXECUTE FUNCTION scan_days_count();
--> statement-breakpoint
-- The scans written before this migration.
INSERT INTO scan_days (user_id, business_id, qr_code_id, day, joins, stamps, redeems)
SELECT s.user_id, s.business_id, s.qr_code_id, (s.created_at AT TIME ZONE b.time_zone)::date,
  count(*) FILTER (WHERE s.kind = 'join'), count(*) FILTER (WHERE s.kind = 'stamp'),
  count(*) FILTER (WHERE s.kind = 'redeem')
FROM scans s JOIN businesses b ON b.id = s.business_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- owner_counts (server/src/db/schema/notifications.ts): each owner's feed entries and customers.
-- One function for both tables: TG_TABLE_NAME says which column moves.
CREATE FUNCTION owner_counts_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  feed boolean := TG_TABLE_NAME = 'notifications';
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO owner_counts AS c (user_id, notifications, customers)
    SELECT user_id, CASE WHEN feed THEN count(*) ELSE 0 END, CASE WHEN feed THEN 0 ELSE count(*) END
    FROM new_rows GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET
      notifications = c.notifications + excluded.notifications, customers = c.customers + excluded.customers;
  ELSE
    UPDATE owner_counts AS c SET
      notifications = c.notifications - CASE WHEN feed THEN o.n ELSE 0 END,
      customers = c.customers - CASE WHEN feed THEN 0 ELSE o.n END
    FROM (SELECT user_id, count(*) AS n FROM old_rows GROUP BY user_id ORDER BY user_id) o
    WHERE c.user_id = o.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_count_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_counts_count();
--> statement-breakpoint
CREATE TRIGGER notifications_count_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_counts_count();
--> statement-breakpoint
CREATE TRIGGER customers_count_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_counts_count();
--> statement-breakpoint
CREATE TRIGGER customers_count_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_counts_count();
--> statement-breakpoint
-- The rows written before this migration.
INSERT INTO owner_counts (user_id, notifications, customers)
SELECT user_id, sum(notifications), sum(customers) FROM (
  SELECT user_id, count(*) AS notifications, 0 AS customers FROM notifications GROUP BY user_id
  UNION ALL
  SELECT user_id, 0, count(*) FROM customers GROUP BY user_id
) counts
GROUP BY user_id;
