ALTER TABLE "rewards" ALTER COLUMN "points_per_unit" SET DATA TYPE numeric(8, 2);--> statement-breakpoint
ALTER TABLE "rewards" ALTER COLUMN "points_per_unit" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "max_purchase_amount" numeric(12, 2) DEFAULT '10000' NOT NULL;