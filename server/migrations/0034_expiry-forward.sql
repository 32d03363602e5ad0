ALTER TABLE "cards" ADD COLUMN "earned_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "expiry_from" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cards_business_earned_idx" ON "cards" USING btree ("business_id","earned_at","id");--> statement-breakpoint
-- Until now a balance lapsed counting from the last visit: that is the last earn as far as anyone knows.
UPDATE "cards" SET "earned_at" = "last_visit_at";
