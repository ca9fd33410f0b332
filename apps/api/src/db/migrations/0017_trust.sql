CREATE TYPE "public"."claim_status" AS ENUM('pending', 'upheld', 'refused');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('already_taken', 'fake', 'asks_money_first', 'wrong_price', 'wrong_photos', 'duplicate', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'dismissed', 'actioned');--> statement-breakpoint
ALTER TYPE "public"."payment_purpose" ADD VALUE 'guarantee_credit';--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" "report_reason" NOT NULL,
	"note" text,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"counts_to_hold" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"claim_status" "claim_status",
	"claim_revealed_at" timestamp with time zone,
	"claim_subscription_id" uuid,
	"claim_decided_at" timestamp with time zone,
	"claim_decision" text,
	"credit_payment_id" uuid,
	CONSTRAINT "listing_reports_claim_complete" CHECK (("listing_reports"."claim_status" IS NULL) = ("listing_reports"."claim_revealed_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "owner_phone_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verified_owner_phones" (
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verified_owner_phones_user_id_phone_number_pk" PRIMARY KEY("user_id","phone_number")
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "provider" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "network" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "stale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "stale_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "held_for_reports_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reports_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "taken_down_as" "report_reason";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "publisher_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (status = 'approved' AND taken_at IS NULL AND stale_at IS NULL AND held_for_reports_at IS NULL AND publisher_suspended_at IS NULL) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "perceptual_hash" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_claim_subscription_id_subscriptions_id_fk" FOREIGN KEY ("claim_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_credit_payment_id_payments_id_fk" FOREIGN KEY ("credit_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_phone_challenges" ADD CONSTRAINT "owner_phone_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_owner_phones" ADD CONSTRAINT "verified_owner_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_property_reporter_idx" ON "listing_reports" USING btree ("property_id","reporter_id");--> statement-breakpoint
CREATE INDEX "listing_reports_open_idx" ON "listing_reports" USING btree ("updated_at" DESC NULLS LAST) WHERE status = 'open' OR claim_status = 'pending';--> statement-breakpoint
CREATE INDEX "listing_reports_reporter_created_idx" ON "listing_reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "owner_phone_challenges_user_created_idx" ON "owner_phone_challenges" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "owner_phone_challenges_phone_created_idx" ON "owner_phone_challenges" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "properties_listed_confirmed_idx" ON "properties" USING btree ("confirmed_at") WHERE listed;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_has_provider" CHECK ("payments"."purpose"::text = 'guarantee_credit' OR ("payments"."provider" IS NOT NULL AND "payments"."network" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_is_free" CHECK ("payments"."purpose"::text <> 'guarantee_credit' OR ("payments"."amount_tzs" = 0 AND "payments"."status" = 'succeeded'));--> statement-breakpoint
CREATE INDEX "contact_reveals_property_revealed_idx" ON "contact_reveals" USING btree ("property_id","revealed_at");--> statement-breakpoint
-- Existing listings were confirmed as of this migration: none goes stale before its owner has had
-- the reminder and the days after it (the column's default did this; said here for the reader).
-- A card says whether its contact number is verified: a number proven now changes the cards of
-- the publisher's listed listings that give it.
CREATE FUNCTION catalogue_note_verified_phone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_dirty (property_id)
  SELECT p.id FROM properties p
  WHERE p.published_by = NEW.user_id AND p.owner_phone_number = NEW.phone_number AND p.status = 'approved'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_note_verified_phone
AFTER INSERT ON verified_owner_phones
FOR EACH ROW EXECUTE FUNCTION catalogue_note_verified_phone();
