ALTER TABLE "automations" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "send_message" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automations_offer_idx" ON "automations" USING btree ("offer_id") WHERE "automations"."offer_id" is not null;