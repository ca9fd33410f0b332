CREATE TABLE "media_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"property_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_uploads_created_idx" ON "media_uploads" USING btree ("created_at");