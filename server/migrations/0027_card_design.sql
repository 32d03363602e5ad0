ALTER TABLE "businesses" ADD COLUMN "card_title" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "card_background_color" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "card_foreground_color" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "card_label_color" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "card_locale" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "strip_file_id" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "hero_file_id" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_strip_file_id_files_id_fk" FOREIGN KEY ("strip_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_hero_file_id_files_id_fk" FOREIGN KEY ("hero_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_strip_file_idx" ON "businesses" USING btree ("strip_file_id") WHERE "businesses"."strip_file_id" is not null;--> statement-breakpoint
CREATE INDEX "businesses_hero_file_idx" ON "businesses" USING btree ("hero_file_id") WHERE "businesses"."hero_file_id" is not null;