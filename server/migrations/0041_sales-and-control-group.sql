CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"connection_id" integer,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"refund_id" text DEFAULT '' NOT NULL,
	"card_id" integer,
	"amount" bigint,
	"currency" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "control_group_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_options" ADD COLUMN "cost" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "cost" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_connection_id_pos_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pos_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_unique" ON "sales" USING btree ("business_id","order_id","refund_id");--> statement-breakpoint
CREATE INDEX "sales_business_time_idx" ON "sales" USING btree ("business_id","occurred_at","kind","card_id","amount");--> statement-breakpoint
CREATE INDEX "sales_card_idx" ON "sales" USING btree ("card_id","occurred_at") WHERE "sales"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_user_idx" ON "sales" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sales_connection_idx" ON "sales" USING btree ("connection_id") WHERE "sales"."connection_id" is not null;