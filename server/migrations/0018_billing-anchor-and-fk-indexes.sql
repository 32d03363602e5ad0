ALTER TABLE "payments" ADD COLUMN "billing_anchor" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "automation_sends_card_idx" ON "automation_sends" USING btree ("card_id") WHERE "automation_sends"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "automation_sends_message_idx" ON "automation_sends" USING btree ("message_id") WHERE "automation_sends"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "businesses_logo_file_idx" ON "businesses" USING btree ("logo_file_id") WHERE "businesses"."logo_file_id" is not null;--> statement-breakpoint
CREATE INDEX "product_categories_business_idx" ON "product_categories" USING btree ("business_id") WHERE "product_categories"."business_id" is not null;--> statement-breakpoint
CREATE INDEX "staff_invites_staff_user_idx" ON "staff_invites" USING btree ("staff_user_id") WHERE "staff_invites"."staff_user_id" is not null;--> statement-breakpoint
CREATE INDEX "coupon_applications_coupon_idx" ON "coupon_applications" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_applications_payment_idx" ON "coupon_applications" USING btree ("payment_id") WHERE "coupon_applications"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_plan_idx" ON "payments" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "payments_coupon_idx" ON "payments" USING btree ("coupon_id") WHERE "payments"."coupon_id" is not null;--> statement-breakpoint
CREATE INDEX "card_events_business_idx" ON "card_events" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "card_events_user_idx" ON "card_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "card_events_actor_idx" ON "card_events" USING btree ("actor_user_id") WHERE "card_events"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "card_events_qr_code_idx" ON "card_events" USING btree ("qr_code_id") WHERE "card_events"."qr_code_id" is not null;--> statement-breakpoint
CREATE INDEX "counter_devices_user_idx" ON "counter_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "qr_codes_business_idx" ON "qr_codes" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "rewards_product_category_idx" ON "rewards" USING btree ("product_category_id") WHERE "rewards"."product_category_id" is not null;