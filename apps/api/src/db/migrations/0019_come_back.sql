CREATE TYPE "public"."alert_frequency" AS ENUM('instant', 'daily', 'off');--> statement-breakpoint
CREATE TYPE "public"."property_sort" AS ENUM('new', 'priceLowHigh', 'priceHighLow');--> statement-breakpoint
CREATE TABLE "alert_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favourites_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "price_insights" (
	"type" "property_type" NOT NULL,
	"bedrooms" integer,
	"level" text NOT NULL,
	"area_id" integer NOT NULL,
	"listings" integer NOT NULL,
	"low_tzs" bigint NOT NULL,
	"median_tzs" bigint NOT NULL,
	"high_tzs" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_insights_key" UNIQUE NULLS NOT DISTINCT("level","area_id","type","bedrooms")
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"alert_pending" boolean NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_property_id_pk" PRIMARY KEY("saved_search_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_queue" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "property_type",
	"search" text,
	"search_lower" text GENERATED ALWAYS AS (lower(search)) STORED,
	"min_price_tzs" bigint,
	"max_price_tzs" bigint,
	"sort" "property_sort" DEFAULT 'new' NOT NULL,
	"alerts" "alert_frequency" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_sms" ADD CONSTRAINT "alert_sms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_queue" ADD CONSTRAINT "saved_search_queue_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_sms_user_sent_idx" ON "alert_sms" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_idx" ON "saved_search_matches" USING btree ("user_id") WHERE alert_pending;--> statement-breakpoint
CREATE INDEX "saved_searches_user_created_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_type_idx" ON "saved_searches" USING btree ("type");--> statement-breakpoint
-- A listing that comes into the catalogue (approved, confirmed again after going stale, back
-- after a hold) is queued for the saved-search alerts job, whichever code path let it in.
-- Listings written already listed (the seeds) are not news to anyone.
CREATE FUNCTION saved_search_queue_listed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO saved_search_queue (property_id) VALUES (NEW.id)
  ON CONFLICT (property_id) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER properties_queue_for_saved_searches
AFTER UPDATE ON properties
FOR EACH ROW WHEN (NEW.listed AND NOT OLD.listed)
EXECUTE FUNCTION saved_search_queue_listed();
