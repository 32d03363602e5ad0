CREATE TABLE "order_earns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"card_id" integer,
	"source" text NOT NULL,
	"connection_id" integer,
	"api_key_id" integer,
	"earned" integer DEFAULT 0 NOT NULL,
	"unit" text DEFAULT 'stamps' NOT NULL,
	"amount" bigint,
	"refunded" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"provider" text NOT NULL,
	"secret" text NOT NULL,
	"enrol_unknown" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_skipped_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"reason" text NOT NULL,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_earns" ADD CONSTRAINT "order_earns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_earns" ADD CONSTRAINT "order_earns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_earns" ADD CONSTRAINT "order_earns_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_earns" ADD CONSTRAINT "order_earns_connection_id_pos_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pos_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_connections" ADD CONSTRAINT "pos_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_connections" ADD CONSTRAINT "pos_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_skipped_orders" ADD CONSTRAINT "pos_skipped_orders_connection_id_pos_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pos_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_earns_business_order_unique" ON "order_earns" USING btree ("business_id","order_id");--> statement-breakpoint
CREATE INDEX "order_earns_user_idx" ON "order_earns" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_earns_card_idx" ON "order_earns" USING btree ("card_id") WHERE "order_earns"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "order_earns_connection_idx" ON "order_earns" USING btree ("connection_id","created_at","id") WHERE "order_earns"."connection_id" is not null;--> statement-breakpoint
CREATE INDEX "pos_connections_user_idx" ON "pos_connections" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "pos_connections_business_idx" ON "pos_connections" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_skipped_orders_unique" ON "pos_skipped_orders" USING btree ("connection_id","order_id");