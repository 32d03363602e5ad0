CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint,
	"percent" integer,
	"units" integer,
	"trigger" text NOT NULL,
	"valid_days" integer NOT NULL,
	"min_purchase_minor" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"code" text NOT NULL,
	"code_hash" text NOT NULL,
	"issue_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_business_idx" ON "offers" USING btree ("business_id","trigger");--> statement-breakpoint
CREATE INDEX "offers_user_idx" ON "offers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_hash_unique" ON "vouchers" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_offer_card_key_unique" ON "vouchers" USING btree ("offer_id","card_id","issue_key");--> statement-breakpoint
CREATE INDEX "vouchers_card_idx" ON "vouchers" USING btree ("card_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "vouchers_user_idx" ON "vouchers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vouchers_redeemed_by_idx" ON "vouchers" USING btree ("redeemed_by") WHERE "vouchers"."redeemed_by" is not null;