ALTER TABLE "business_messages" ADD COLUMN "marketing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Expiry notices sent before are notices too (a level move's cannot be told from an owner's message to the level segment).
UPDATE "business_messages" SET "marketing" = false WHERE "segment" = 'automation:about_to_expire';
