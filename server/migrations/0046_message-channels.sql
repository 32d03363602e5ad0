ALTER TABLE "businesses" ADD COLUMN "message_weekly_cap" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "mail_reward_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "mail_expiry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "mail_vouchers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_messages" ADD COLUMN "channels" text[] DEFAULT '{pass,push}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "channel_sends_purpose_idx" ON "channel_sends" USING btree ("purpose","channel");