ALTER TABLE "notifications" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "card_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "staff_user_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_card_idx" ON "notifications" USING btree ("card_id") WHERE "notifications"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_customer_idx" ON "notifications" USING btree ("customer_id") WHERE "notifications"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_payment_idx" ON "notifications" USING btree ("payment_id") WHERE "notifications"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_staff_user_idx" ON "notifications" USING btree ("staff_user_id") WHERE "notifications"."staff_user_id" is not null;