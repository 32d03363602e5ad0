CREATE TABLE "cohort_counts" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"first_month" text NOT NULL,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfm_scores" (
	"card_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"last_visit_at" timestamp with time zone NOT NULL,
	"visits" integer NOT NULL,
	"spend" bigint,
	"r" smallint NOT NULL,
	"f" smallint NOT NULL,
	"m" smallint,
	"segment" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfm_scorings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"scored_at" timestamp with time zone NOT NULL,
	"till" boolean NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cohort_counts" ADD CONSTRAINT "cohort_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfm_scores" ADD CONSTRAINT "rfm_scores_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfm_scores" ADD CONSTRAINT "rfm_scores_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfm_scorings" ADD CONSTRAINT "rfm_scorings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfm_scores_segment_idx" ON "rfm_scores" USING btree ("business_id","segment","last_visit_at" DESC NULLS LAST,"card_id" DESC NULLS LAST);