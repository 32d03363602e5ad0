-- Every paid plan sells vouchers; the plans that sell staff accounts (Growth and above) also sell
-- happy hours, levels and prepaid visits. An operator's own plans follow the same rule.
UPDATE "plans" SET "feature_keys" = array_append("feature_keys", 'vouchers')
  WHERE 'stamp-cards' = ANY("feature_keys") AND NOT 'vouchers' = ANY("feature_keys");--> statement-breakpoint
UPDATE "plans" SET "feature_keys" = "feature_keys" || ARRAY['happy-hours', 'levels', 'multipass']::text[]
  WHERE 'staff' = ANY("feature_keys") AND NOT 'levels' = ANY("feature_keys");
