CREATE TABLE "photo_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"label" "picture_label" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"photo_id" uuid
);
--> statement-breakpoint
CREATE TABLE "upload_locks" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"release_requested" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_uploads_open_slot_idx" ON "photo_uploads" USING btree ("property_id","label") WHERE photo_id is null;--> statement-breakpoint
CREATE INDEX "photo_uploads_open_user_idx" ON "photo_uploads" USING btree ("user_id") WHERE photo_id is null;--> statement-breakpoint
CREATE INDEX "photo_uploads_created_idx" ON "photo_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upload_locks_expires_idx" ON "upload_locks" USING btree ("expires_at");