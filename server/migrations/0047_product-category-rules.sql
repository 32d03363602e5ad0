CREATE TABLE "category_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_category_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"multiplier" numeric(4, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_product_category_id_product_categories_id_fk";
--> statement-breakpoint
DROP INDEX "rewards_product_category_idx";--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "item_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_product_category_id_product_categories_id_fk" FOREIGN KEY ("product_category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_rules_category_reward_unique" ON "category_rules" USING btree ("product_category_id","reward_id");--> statement-breakpoint
CREATE INDEX "category_rules_user_idx" ON "category_rules" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "category_rules_reward_idx" ON "category_rules" USING btree ("reward_id");--> statement-breakpoint
ALTER TABLE "rewards" DROP COLUMN "product_category_id";