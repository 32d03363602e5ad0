CREATE TABLE "programme_totals" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"points_issued" bigint DEFAULT 0 NOT NULL,
	"points_redeemed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programme_totals" ADD CONSTRAINT "programme_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_totals" ADD CONSTRAINT "programme_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_totals_user_idx" ON "programme_totals" USING btree ("user_id","points_issued","points_redeemed");--> statement-breakpoint
CREATE INDEX "cards_referral_rewarded_idx" ON "cards" USING btree ("user_id") WHERE "cards"."referral_rewarded_at" is not null;