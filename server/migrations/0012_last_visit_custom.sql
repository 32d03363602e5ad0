-- Issue 16: cards that existed before last_visit_at was added took the migration's time; their
-- last visit is their newest scan (join, stamp or redeem), else when they were created.
update cards c set last_visit_at = coalesce(
  (select max(s.created_at) from scans s where s.card_id = c.id),
  c.created_at
);
