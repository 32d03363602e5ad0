CREATE TABLE "customer_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"phone_e164" text,
	"phone_keys" text[],
	"birthday" text,
	"balance" integer DEFAULT 0 NOT NULL,
	"consent_email" boolean DEFAULT false NOT NULL,
	"consent_sms" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone,
	"serial" text NOT NULL,
	"customer_id" integer,
	"error" text,
	"outcome" text,
	"invite" text
);
--> statement-breakpoint
CREATE TABLE "customer_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"mapping" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"good_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"added_customers" integer DEFAULT 0 NOT NULL,
	"added_cards" integer DEFAULT 0 NOT NULL,
	"unchanged_rows" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_import_rows" ADD CONSTRAINT "customer_import_rows_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_import_rows_import_idx" ON "customer_import_rows" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "customer_import_rows_errors_idx" ON "customer_import_rows" USING btree ("import_id","line") WHERE "customer_import_rows"."error" is not null or "customer_import_rows"."outcome" = 'conflict';--> statement-breakpoint
CREATE INDEX "customer_imports_user_idx" ON "customer_imports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "customer_imports_business_idx" ON "customer_imports" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "customers_phone_digits_idx" ON "customers" USING btree ("user_id",regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'));