CREATE TABLE "insight_sale_pair_sums" (
	"business_id" integer NOT NULL,
	"currency" text NOT NULL,
	"up_to_bucket" smallint NOT NULL,
	"day" date NOT NULL,
	"earlier_day" date NOT NULL,
	"products" numeric NOT NULL,
	CONSTRAINT "insight_sale_pair_sums_pk" PRIMARY KEY("business_id","currency","up_to_bucket","day","earlier_day")
);
--> statement-breakpoint
CREATE TABLE "insight_visit_pair_sums" (
	"business_id" integer NOT NULL,
	"up_to_bucket" smallint NOT NULL,
	"day" date NOT NULL,
	"earlier_day" date NOT NULL,
	"pairs" bigint NOT NULL,
	CONSTRAINT "insight_visit_pair_sums_pk" PRIMARY KEY("business_id","up_to_bucket","day","earlier_day")
);
--> statement-breakpoint
ALTER TABLE "insight_sale_pair_sums" ADD CONSTRAINT "insight_sale_pair_sums_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_visit_pair_sums" ADD CONSTRAINT "insight_visit_pair_sums_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The pairs counted so far, summed up to each bucket (20: the largest percent an owner may hold
-- out, and every other card's bucket), so nothing is counted again.
INSERT INTO "insight_visit_pair_sums" ("business_id", "up_to_bucket", "day", "earlier_day", "pairs")
SELECT p."business_id", u, p."day", p."earlier_day", sum(p."pairs")
FROM "insight_visit_pairs" p, generate_series(greatest(p."bucket", 0), 20) u
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "insight_sale_pair_sums" ("business_id", "currency", "up_to_bucket", "day", "earlier_day", "products")
SELECT p."business_id", p."currency", u, p."day", p."earlier_day", sum(p."products")
FROM "insight_sale_pairs" p, generate_series(greatest(p."bucket", 0), 20) u
GROUP BY 1, 2, 3, 4, 5;
