CREATE TABLE "channel_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_sends" ADD CONSTRAINT "channel_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sends" ADD CONSTRAINT "channel_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sends" ADD CONSTRAINT "channel_sends_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_sends_once" ON "channel_sends" USING btree ("card_id","channel","purpose");--> statement-breakpoint
CREATE INDEX "channel_sends_card_recent_idx" ON "channel_sends" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_sends_business_idx" ON "channel_sends" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "channel_sends_user_idx" ON "channel_sends" USING btree ("user_id");