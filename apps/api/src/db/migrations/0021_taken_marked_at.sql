ALTER TABLE "properties" ADD COLUMN "taken_marked_at" timestamp with time zone;--> statement-breakpoint
-- Marks written before this column existed: their last change is the latest they can have been
-- written, so a claim about a reveal before it is still left to an admin.
UPDATE "properties" SET "taken_marked_at" = "updated_at" WHERE "taken_at" IS NOT NULL;
