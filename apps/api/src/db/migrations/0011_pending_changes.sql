CREATE TYPE "public"."pending_change_status" AS ENUM('draft', 'pending', 'rejected');--> statement-breakpoint
CREATE TABLE "pending_changes" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"status" "pending_change_status" NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"added_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_order" jsonb,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_changes" ADD CONSTRAINT "pending_changes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_changes_status_idx" ON "pending_changes" USING btree ("status","updated_at");