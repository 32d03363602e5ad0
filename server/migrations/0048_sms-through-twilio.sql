ALTER TABLE "plans" ADD COLUMN "sms_allowance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "sms_price_per_segment" numeric(10, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_sends" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "channel_sends" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "channel_sends" ADD COLUMN "delivery" text;--> statement-breakpoint
CREATE INDEX "customers_phone_e164_idx" ON "customers" USING btree ("phone_e164") WHERE "customers"."phone_e164" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_sends_provider_id_unique" ON "channel_sends" USING btree ("provider_id") WHERE "channel_sends"."provider_id" is not null;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_sms_not_negative" CHECK ("plans"."sms_allowance" >= 0 and "plans"."sms_price_per_segment" >= 0);--> statement-breakpoint
-- The seeded plans' SMS allowance and price, where the operator has not set their own.
UPDATE "plans" SET "sms_allowance" = v.allowance, "sms_price_per_segment" = v.price
FROM (VALUES ('Starter', 100, 0.06), ('Growth', 500, 0.05), ('Business Annual', 2000, 0.04)) AS v(name, allowance, price)
WHERE "plans"."name" = v.name AND "plans"."sms_allowance" = 0 AND "plans"."sms_price_per_segment" = 0;
