ALTER TABLE "cards" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "levels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "level_basis" text DEFAULT 'points' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "level_period" text DEFAULT 'lifetime' NOT NULL;--> statement-breakpoint
CREATE INDEX "cards_level_idx" ON "cards" USING btree ("business_id","level") WHERE "cards"."level" is not null;