ALTER TABLE "payments" ALTER COLUMN "payer_phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "owner_phone_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "phone_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_phone_until_archived" CHECK ("properties"."owner_phone_number" IS NOT NULL OR "properties"."status" = 'archived');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_until_deleted" CHECK (("users"."phone_number" IS NULL) = ("users"."deleted_at" IS NOT NULL));