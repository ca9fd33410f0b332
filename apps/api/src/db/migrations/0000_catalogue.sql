CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."picture_label" AS ENUM('picha_mbele', 'picha_chumba', 'picha_nje', 'picha_sebule', 'picha_jiko', 'picha_choo', 'picha_nyuma', 'picha_kulia', 'picha_kushoto');--> statement-breakpoint
CREATE TYPE "public"."plan_kind" AS ENUM('subscription', 'promotion');--> statement-breakpoint
CREATE TYPE "public"."property_status" AS ENUM('draft', 'pending', 'approved', 'rejected', 'archived');--> statement-breakpoint
CREATE TYPE "public"."property_type" AS ENUM('Land', 'Rent', 'Apartment', 'HouseForSale');--> statement-breakpoint
CREATE TABLE "districts" (
	"id" integer PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "plan_kind" NOT NULL,
	"duration_days" integer NOT NULL,
	"price_tzs" bigint NOT NULL,
	"features" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_duration_positive" CHECK ("plans"."duration_days" > 0),
	CONSTRAINT "plans_price_nonnegative" CHECK ("plans"."price_tzs" >= 0)
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "property_type" NOT NULL,
	"status" "property_status" DEFAULT 'pending' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"owner_name" text NOT NULL,
	"owner_phone_number" text NOT NULL,
	"published_by" uuid NOT NULL,
	"price_tzs" bigint NOT NULL,
	"region_id" integer,
	"district_id" integer,
	"ward_id" integer,
	"street_id" integer,
	"apartment_number" text,
	"house_number" text,
	"plot_number" text,
	"lot_width" double precision,
	"lot_length" double precision,
	"lot_status" text,
	"distance_from_main_road" text,
	"is_water_service_available" boolean,
	"is_electricity_service_available" boolean,
	"number_of_bedrooms" integer,
	"number_of_bathrooms" integer,
	"lease_term_months" integer,
	"apartment_price_term" text,
	"square_footage" double precision,
	"promotion_ends_at" timestamp with time zone,
	"rejection_reason" text,
	"approved_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_price_nonnegative" CHECK ("properties"."price_tzs" >= 0),
	CONSTRAINT "properties_land_details" CHECK ("properties"."type" <> 'Land' OR ("properties"."lot_width" IS NOT NULL AND "properties"."lot_length" IS NOT NULL AND "properties"."lot_status" IS NOT NULL AND "properties"."distance_from_main_road" IS NOT NULL)),
	CONSTRAINT "properties_rooms_details" CHECK ("properties"."type" = 'Land' OR ("properties"."number_of_bedrooms" IS NOT NULL AND "properties"."number_of_bathrooms" IS NOT NULL)),
	CONSTRAINT "properties_rent_details" CHECK ("properties"."type" <> 'Rent' OR "properties"."lease_term_months" IS NOT NULL),
	CONSTRAINT "properties_apartment_details" CHECK ("properties"."type" <> 'Apartment' OR "properties"."apartment_price_term" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "property_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"label" "picture_label" NOT NULL,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streets" (
	"id" integer PRIMARY KEY NOT NULL,
	"ward_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"can_post" boolean DEFAULT true NOT NULL,
	"can_edit" boolean DEFAULT true NOT NULL,
	"can_delete" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "wards" (
	"id" integer PRIMARY KEY NOT NULL,
	"district_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_street_id_streets_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."streets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streets" ADD CONSTRAINT "streets_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wards" ADD CONSTRAINT "wards_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "districts_region_id_idx" ON "districts" USING btree ("region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_kind_duration_active_idx" ON "plans" USING btree ("kind","duration_days") WHERE active;--> statement-breakpoint
CREATE INDEX "properties_public_new_idx" ON "properties" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_public_type_new_idx" ON "properties" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_public_price_idx" ON "properties" USING btree ("price_tzs","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_public_type_price_idx" ON "properties" USING btree ("type","price_tzs","id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_public_promoted_idx" ON "properties" USING btree ("promotion_ends_at") WHERE status = 'approved' AND promotion_ends_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_search_text_trgm_idx" ON "properties" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_published_by_idx" ON "properties" USING btree ("published_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_status_idx" ON "properties" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "property_photos_position_idx" ON "property_photos" USING btree ("property_id","position");--> statement-breakpoint
CREATE INDEX "streets_ward_id_idx" ON "streets" USING btree ("ward_id");--> statement-breakpoint
CREATE INDEX "wards_district_id_idx" ON "wards" USING btree ("district_id");