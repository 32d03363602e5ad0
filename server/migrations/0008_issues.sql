CREATE TABLE "scan_days" (
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"qr_code_id" integer,
	"day" date NOT NULL,
	"joins" integer DEFAULT 0 NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"redeems" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_days_key" UNIQUE NULLS NOT DISTINCT("business_id","qr_code_id","day")
);
--> statement-breakpoint
CREATE TABLE "owner_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"notifications" integer DEFAULT 0 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "scans_user_created_idx";--> statement-breakpoint
DROP INDEX "scans_business_idx";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "feature_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scan_days" ADD CONSTRAINT "scan_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_days" ADD CONSTRAINT "scan_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_counts" ADD CONSTRAINT "owner_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_days_user_day_idx" ON "scan_days" USING btree ("user_id","day","joins","stamps","redeems");--> statement-breakpoint
CREATE INDEX "scan_days_qr_idx" ON "scan_days" USING btree ("qr_code_id","joins","stamps","redeems");--> statement-breakpoint
CREATE INDEX "cards_business_idx" ON "cards" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "cards_reward_idx" ON "cards" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "qr_codes_reward_idx" ON "qr_codes" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "qr_codes_address_idx" ON "qr_codes" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "scans_user_kind_created_idx" ON "scans" USING btree ("user_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "scans_qr_code_idx" ON "scans" USING btree ("qr_code_id") WHERE "scans"."qr_code_id" is not null;--> statement-breakpoint
CREATE INDEX "scans_address_idx" ON "scans" USING btree ("address_id") WHERE "scans"."address_id" is not null;--> statement-breakpoint
CREATE INDEX "scans_reward_idx" ON "scans" USING btree ("reward_id") WHERE "scans"."reward_id" is not null;--> statement-breakpoint
CREATE INDEX "scans_staff_user_idx" ON "scans" USING btree ("staff_user_id") WHERE "scans"."staff_user_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_business_idx" ON "notifications" USING btree ("business_id") WHERE "notifications"."business_id" is not null;--> statement-breakpoint
CREATE INDEX "scans_user_created_idx" ON "scans" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scans_business_idx" ON "scans" USING btree ("business_id","created_at","id");