CREATE TABLE "counter_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "counter_streams_holder_idx" ON "counter_streams" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "counter_streams_lease_idx" ON "counter_streams" USING btree ("lease_until");