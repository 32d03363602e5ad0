CREATE TABLE "former_contacts" (
	"user_id" integer NOT NULL,
	"contact_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"friend_card_id" integer NOT NULL,
	"referrer_card_id" integer NOT NULL,
	"status" text NOT NULL,
	"held_reason" text,
	"referrer_bonus" integer NOT NULL,
	"friend_bonus" integer NOT NULL,
	"unit" text NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "referral_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "referral_friend_bonus" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "referral_trigger" text DEFAULT 'first_visit' NOT NULL;--> statement-breakpoint
ALTER TABLE "former_contacts" ADD CONSTRAINT "former_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_friend_card_id_cards_id_fk" FOREIGN KEY ("friend_card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_referrer_card_id_cards_id_fk" FOREIGN KEY ("referrer_card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "former_contacts_unique" ON "former_contacts" USING btree ("user_id","contact_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_bonuses_friend_unique" ON "referral_bonuses" USING btree ("friend_card_id");--> statement-breakpoint
CREATE INDEX "referral_bonuses_referrer_idx" ON "referral_bonuses" USING btree ("referrer_card_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_bonuses_user_idx" ON "referral_bonuses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "referral_bonuses_business_idx" ON "referral_bonuses" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "referral_bonuses_reviewed_by_idx" ON "referral_bonuses" USING btree ("reviewed_by") WHERE "referral_bonuses"."reviewed_by" is not null;--> statement-breakpoint
-- Referrals decided before this migration: a friend already paid, or whose first visit came and went, is settled.
UPDATE "cards" c SET "referral_settled_at" = coalesce(c."referral_rewarded_at",
  (SELECT min(s."created_at") FROM "scans" s WHERE s."card_id" = c."id" AND s."kind" = 'stamp'))
WHERE c."referred_by_card_id" IS NOT NULL;--> statement-breakpoint
-- Bonuses already paid count toward their referrer's daily allowance.
INSERT INTO "referral_bonuses" ("user_id", "business_id", "friend_card_id", "referrer_card_id", "status", "referrer_bonus", "friend_bonus", "unit", "created_at")
SELECT c."user_id", c."business_id", c."id", c."referred_by_card_id", 'paid', coalesce(e."delta", 0), coalesce(e."delta", 0), coalesce(e."unit", 'stamps'), c."referral_rewarded_at"
FROM "cards" c
LEFT JOIN LATERAL (SELECT x."delta", x."unit" FROM "card_events" x WHERE x."card_id" = c."id" AND x."kind" = 'referral' ORDER BY x."id" LIMIT 1) e ON true
WHERE c."referral_rewarded_at" IS NOT NULL AND c."referred_by_card_id" IS NOT NULL;
