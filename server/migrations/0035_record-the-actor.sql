ALTER TABLE "card_events" ADD COLUMN "actor" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "pos_connection_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "actor" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "api_key_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "pos_connection_id" integer;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_pos_connection_id_pos_connections_id_fk" FOREIGN KEY ("pos_connection_id") REFERENCES "public"."pos_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_pos_connection_id_pos_connections_id_fk" FOREIGN KEY ("pos_connection_id") REFERENCES "public"."pos_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_events_pos_connection_idx" ON "card_events" USING btree ("pos_connection_id") WHERE "card_events"."pos_connection_id" is not null;--> statement-breakpoint
CREATE INDEX "scans_api_key_idx" ON "scans" USING btree ("api_key_id") WHERE "scans"."api_key_id" is not null;--> statement-breakpoint
CREATE INDEX "scans_pos_connection_idx" ON "scans" USING btree ("pos_connection_id") WHERE "scans"."pos_connection_id" is not null;--> statement-breakpoint
-- Who made the changes already recorded, as far as the rows tell: a key, the system (expiry, a
-- referral bonus), a till (its orders' and refunds' reasons), the owner or a staff member.
UPDATE "card_events" SET "actor" = CASE
    WHEN "api_key_id" IS NOT NULL THEN 'api_key'
    WHEN "kind" IN ('expire', 'referral') THEN 'system'
    WHEN "reason" ~ '^(Order .* \((shopify|square)\)|Refund of order .*|Enrolled by a (shopify|square) order)$' THEN 'till'
    WHEN "actor_user_id" = "user_id" THEN 'owner'
    WHEN "actor_user_id" IS NOT NULL THEN 'staff'
    ELSE 'customer' END
  WHERE "api_key_id" IS NOT NULL OR "actor_user_id" IS NOT NULL OR "kind" IN ('expire', 'referral')
    OR "reason" ~ '^(Order|Refund of order|Enrolled by)';--> statement-breakpoint
UPDATE "card_events" SET "actor_user_id" = NULL WHERE "actor" = 'api_key' AND "actor_user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "scans" SET "actor" = CASE WHEN "staff_user_id" = "user_id" THEN 'owner' ELSE 'staff' END
  WHERE "staff_user_id" IS NOT NULL;--> statement-breakpoint
-- A scan and its history entry were written by one statement: the same card and the same moment.
UPDATE "scans" s SET "actor" = e."actor", "api_key_id" = e."api_key_id",
    "staff_user_id" = CASE WHEN e."actor" IN ('staff', 'owner') THEN e."actor_user_id" ELSE NULL END
  FROM "card_events" e
  WHERE e."card_id" = s."card_id" AND e."created_at" = s."created_at" AND e."kind" = s."kind"
    AND e."actor" IN ('api_key', 'till', 'owner', 'staff') AND s."actor" = 'customer';
