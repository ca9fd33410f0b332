-- Reports filed so far were last filed when created: the daily cap reads filed_at from now on.
ALTER TABLE "listing_reports" ADD COLUMN "filed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "listing_reports" SET "filed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "listing_reports" ALTER COLUMN "filed_at" SET NOT NULL;--> statement-breakpoint
-- The keyed hash needs the server's secret, which SQL does not have: earlier reports stay tied to
-- their account, as they were.
ALTER TABLE "listing_reports" ADD COLUMN "reporter_key" text;--> statement-breakpoint
UPDATE "listing_reports" SET "reporter_key" = 'account:' || "reporter_id";--> statement-breakpoint
ALTER TABLE "listing_reports" ALTER COLUMN "reporter_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reports_heard" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "listing_reports_reporter_key_filed_idx" ON "listing_reports" USING btree ("reporter_key","filed_at");
