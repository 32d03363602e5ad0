ALTER TABLE "cards" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "consent_email_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "consent_email_source" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "consent_sms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "consent_sms_source" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "email_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "sms_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "push_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_e164" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_bounced_at" timestamp with time zone;