CREATE TABLE "automation_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"automation_id" integer NOT NULL,
	"card_id" integer,
	"message_id" integer,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days" integer,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delta" integer DEFAULT 0 NOT NULL,
	"stamps_after" integer NOT NULL,
	"reason" text,
	"actor_user_id" integer,
	"qr_code_id" integer,
	"client_ip" text,
	"device_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counter_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"qr_code_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"staff_may_adjust" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "message_recipients" (
	"message_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	CONSTRAINT "message_recipients_message_id_card_id_pk" PRIMARY KEY("message_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "owner_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"notifications" integer DEFAULT 0 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scans" DROP CONSTRAINT "scans_card_id_cards_id_fk";
--> statement-breakpoint
DROP INDEX "scans_user_created_idx";--> statement-breakpoint
DROP INDEX "scans_business_idx";--> statement-breakpoint
ALTER TABLE "scans" ALTER COLUMN "card_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "fraud_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "feature_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "last_visit_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "last_counter_window" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "stamp_day" date;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "stamps_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "self_stamps_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "alert_day" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "mode" text DEFAULT 'static' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "counter_secret" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "daily_cap" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_messages" ADD COLUMN "segment" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_messages" ADD COLUMN "segment_days" integer;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_message_id_business_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."business_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_devices" ADD CONSTRAINT "counter_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_devices" ADD CONSTRAINT "counter_devices_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_settings" ADD CONSTRAINT "owner_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_days" ADD CONSTRAINT "scan_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_days" ADD CONSTRAINT "scan_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_business_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."business_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_counts" ADD CONSTRAINT "owner_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_sends_once_unique" ON "automation_sends" USING btree ("automation_id","card_id","period");--> statement-breakpoint
CREATE INDEX "automation_sends_automation_idx" ON "automation_sends" USING btree ("automation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "automations_business_kind_unique" ON "automations" USING btree ("business_id","kind");--> statement-breakpoint
CREATE INDEX "automations_user_idx" ON "automations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "card_events_card_idx" ON "card_events" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_events_joins_idx" ON "card_events" USING btree ("business_id","created_at") WHERE "card_events"."kind" = 'join';--> statement-breakpoint
CREATE UNIQUE INDEX "counter_devices_token_unique" ON "counter_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "counter_devices_qr_idx" ON "counter_devices" USING btree ("qr_code_id","id");--> statement-breakpoint
CREATE INDEX "scan_days_user_day_idx" ON "scan_days" USING btree ("user_id","day","joins","stamps","redeems");--> statement-breakpoint
CREATE INDEX "scan_days_qr_idx" ON "scan_days" USING btree ("qr_code_id","joins","stamps","redeems");--> statement-breakpoint
CREATE INDEX "message_recipients_card_idx" ON "message_recipients" USING btree ("card_id","message_id");--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_reward_idx" ON "cards" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "cards_user_last_visit_idx" ON "cards" USING btree ("user_id","last_visit_at","id");--> statement-breakpoint
CREATE INDEX "cards_business_last_visit_idx" ON "cards" USING btree ("business_id","last_visit_at","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_birth_month_idx" ON "customers" USING btree ("user_id",extract(month from "birthday"));--> statement-breakpoint
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