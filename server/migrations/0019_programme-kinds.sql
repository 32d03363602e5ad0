CREATE TABLE "reward_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"title" text NOT NULL,
	"points" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "unit" text DEFAULT 'stamps' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "reward_option_id" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "lifetime_spend" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "referred_by_card_id" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "referral_rewarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "kind" text DEFAULT 'stamps' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "points_per_visit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "points_per_unit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "cashback_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "cashback_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "expire_after_days" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "referral_bonus" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "reward_options" ADD CONSTRAINT "reward_options_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_options" ADD CONSTRAINT "reward_options_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_options" ADD CONSTRAINT "reward_options_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_options_reward_idx" ON "reward_options" USING btree ("reward_id","points");--> statement-breakpoint
CREATE INDEX "reward_options_business_idx" ON "reward_options" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "reward_options_user_idx" ON "reward_options" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_reward_option_id_reward_options_id_fk" FOREIGN KEY ("reward_option_id") REFERENCES "public"."reward_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_referred_by_card_id_cards_id_fk" FOREIGN KEY ("referred_by_card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_events_reward_option_idx" ON "card_events" USING btree ("reward_option_id") WHERE "card_events"."reward_option_id" is not null;--> statement-breakpoint
CREATE INDEX "card_events_programme_idx" ON "card_events" USING btree ("user_id","unit","kind","business_id") WHERE "card_events"."unit" <> 'stamps';--> statement-breakpoint
CREATE UNIQUE INDEX "cards_referral_code_unique" ON "cards" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "cards_referred_by_idx" ON "cards" USING btree ("referred_by_card_id") WHERE "cards"."referred_by_card_id" is not null;