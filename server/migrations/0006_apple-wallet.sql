CREATE TABLE "apple_pass_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_library_id" text NOT NULL,
	"push_token" text NOT NULL,
	"card_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apple_pass_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apple_pass_registrations" ADD CONSTRAINT "apple_pass_registrations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_pass_tokens" ADD CONSTRAINT "apple_pass_tokens_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apple_pass_registrations_device_card_unique" ON "apple_pass_registrations" USING btree ("device_library_id","card_id");--> statement-breakpoint
CREATE INDEX "apple_pass_registrations_card_idx" ON "apple_pass_registrations" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "apple_pass_registrations_push_token_idx" ON "apple_pass_registrations" USING btree ("push_token");--> statement-breakpoint
CREATE UNIQUE INDEX "apple_pass_tokens_hash_unique" ON "apple_pass_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "apple_pass_tokens_card_idx" ON "apple_pass_tokens" USING btree ("card_id");