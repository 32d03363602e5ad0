CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_earn_id" integer NOT NULL,
	"refund_id" text NOT NULL,
	"amount" bigint,
	"taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "square_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"email" text,
	"phone" text,
	"name" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_earns" ADD COLUMN "total" bigint;--> statement-breakpoint
ALTER TABLE "order_earns" ADD COLUMN "visit_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_earns" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_connections" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_earn_id_order_earns_id_fk" FOREIGN KEY ("order_earn_id") REFERENCES "public"."order_earns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_customers" ADD CONSTRAINT "square_customers_connection_id_pos_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pos_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_unique" ON "order_refunds" USING btree ("order_earn_id","refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "square_customers_unique" ON "square_customers" USING btree ("connection_id","customer_id");--> statement-breakpoint
-- Orders earned before: their total is the amount they earned by (none for a stamp order), all of
-- what they earned is the amount's part, and an order refunded before was refunded in full.
UPDATE "order_earns" SET "total" = "amount" WHERE "total" IS NULL AND "amount" IS NOT NULL;--> statement-breakpoint
UPDATE "order_earns" SET "refunded_amount" = coalesce("total", 0) WHERE "refunded_at" IS NOT NULL;
