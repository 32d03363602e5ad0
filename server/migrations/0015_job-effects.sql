CREATE TABLE "job_effects" (
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_effects_kind_source_target_pk" PRIMARY KEY("kind","source","target")
);
--> statement-breakpoint
CREATE INDEX "job_effects_created_idx" ON "job_effects" USING btree ("created_at");