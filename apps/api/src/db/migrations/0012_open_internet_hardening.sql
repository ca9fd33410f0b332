ALTER TYPE "public"."payment_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'needs_review';--> statement-breakpoint
CREATE TABLE "admin_login_failures" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_login_failures_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"revealed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wrong_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wrong_codes_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_admin_idx" ON "admin_recovery_codes" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "contact_reveals_user_revealed_idx" ON "contact_reveals" USING btree ("user_id","revealed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_reveals_revealed_idx" ON "contact_reveals" USING btree ("revealed_at");--> statement-breakpoint
-- Only a user's newest waiting payment stays waiting; older ones could never be answered now.
UPDATE "payments" p SET "status" = 'expired', "status_reason" = 'The payment was not confirmed in time. Please try again.', "completed_at" = now(), "updated_at" = now()
WHERE p."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "payments" q WHERE q."user_id" = p."user_id" AND q."status" = 'pending'
  AND (q."created_at", q."id") > (p."created_at", p."id")
);--> statement-breakpoint
-- A number counts as proven from the first code its owner answered.
UPDATE "users" u SET "phone_verified_at" = (
  SELECT min(c."consumed_at") FROM "otp_challenges" c WHERE c."user_id" = u."id"
) WHERE u."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_user_idx" ON "payments" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "payments_payer_phone_created_idx" ON "payments" USING btree ("payer_phone","created_at");