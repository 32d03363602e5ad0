DROP TABLE "insight_sale_pairs" CASCADE;--> statement-breakpoint
DROP TABLE "insight_visit_pairs" CASCADE;