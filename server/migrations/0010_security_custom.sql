-- Plans sold before the server enforced plan features (issue 18) get the keys of what they sold:
-- Starter its basics, every other plan everything (as before, so no paying owner loses a feature).
-- Plans that already have keys (the seed's, or an operator's) are left alone.
UPDATE "plans" SET "feature_keys" = ARRAY['locations', 'stamp-cards']::text[]
  WHERE "name" = 'Starter' AND "feature_keys" = '{}'::text[];--> statement-breakpoint
UPDATE "plans" SET "feature_keys" = ARRAY['locations', 'stamp-cards', 'staff', 'messages', 'product-categories']::text[]
  WHERE "name" <> 'Starter' AND "feature_keys" = '{}'::text[];
