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
ALTER TABLE "businesses" ADD COLUMN "fraud_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "last_counter_window" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "stamp_day" date;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "stamps_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "self_stamps_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "alert_day" date;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "mode" text DEFAULT 'static' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "counter_secret" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "daily_cap" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_devices" ADD CONSTRAINT "counter_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_devices" ADD CONSTRAINT "counter_devices_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_settings" ADD CONSTRAINT "owner_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_events_card_idx" ON "card_events" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_events_joins_idx" ON "card_events" USING btree ("business_id","created_at") WHERE "card_events"."kind" = 'join';--> statement-breakpoint
CREATE UNIQUE INDEX "counter_devices_token_unique" ON "counter_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "counter_devices_qr_idx" ON "counter_devices" USING btree ("qr_code_id","id");