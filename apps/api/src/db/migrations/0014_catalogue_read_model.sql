CREATE TABLE "catalogue_cards" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"card" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_dirty" (
	"property_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_entries" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"type" "property_type" NOT NULL,
	"price_tzs" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"promotion_ends_at" timestamp with time zone,
	"published_by" uuid NOT NULL,
	"search_text_lower" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"card_format" integer NOT NULL,
	"built_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalogue_cards" ADD CONSTRAINT "catalogue_cards_property_id_catalogue_entries_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."catalogue_entries"("property_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_entries" ADD CONSTRAINT "catalogue_entries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_entries_new_idx" ON "catalogue_entries" USING btree ("created_at" DESC NULLS LAST,"property_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_entries_type_new_idx" ON "catalogue_entries" USING btree ("type","created_at" DESC NULLS LAST,"property_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_entries_price_idx" ON "catalogue_entries" USING btree ("price_tzs","property_id");--> statement-breakpoint
CREATE INDEX "catalogue_entries_type_price_idx" ON "catalogue_entries" USING btree ("type","price_tzs","property_id");--> statement-breakpoint
CREATE INDEX "catalogue_entries_promoted_idx" ON "catalogue_entries" USING btree ("promotion_ends_at","property_id") INCLUDE ("type","price_tzs","search_text_lower") WHERE promotion_ends_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_entries_search_trgm_idx" ON "catalogue_entries" USING gin ("search_text_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_entries_publisher_idx" ON "catalogue_entries" USING btree ("published_by","created_at" DESC NULLS LAST,"property_id" DESC NULLS LAST);--> statement-breakpoint
-- Read a thousand times for each write: a listing's detail is stored out of line uncompressed, so
-- no read decompresses it, and a page's cards stay inline (the detail goes out first).
ALTER TABLE "catalogue_cards" ALTER COLUMN "detail" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Format 0: nothing built yet; the API's start builds the cards of every approved listing.
INSERT INTO "catalogue_state" ("id", "card_format") VALUES (1, 0);
--> statement-breakpoint
-- What a write touched that a card shows, noted per listing approved before or after the write
-- (no other listing has a card). The writer's transaction refreshes those cards, which empties
-- the note; a commit that leaves one behind fails (catalogue_dirty_refreshed).
CREATE FUNCTION catalogue_note_property() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_dirty (property_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_note_inserted_property
AFTER INSERT ON properties
FOR EACH ROW WHEN (NEW.status = 'approved')
EXECUTE FUNCTION catalogue_note_property();
--> statement-breakpoint
CREATE TRIGGER catalogue_note_updated_property
AFTER UPDATE ON properties
FOR EACH ROW WHEN ((OLD.status = 'approved' OR NEW.status = 'approved') AND OLD IS DISTINCT FROM NEW)
EXECUTE FUNCTION catalogue_note_property();
--> statement-breakpoint
CREATE FUNCTION catalogue_note_photo() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_dirty (property_id)
  SELECT p.id FROM properties p
  WHERE p.id IN (NEW.property_id, OLD.property_id) AND p.status = 'approved'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_note_photo
AFTER INSERT OR UPDATE OR DELETE ON property_photos
FOR EACH ROW EXECUTE FUNCTION catalogue_note_photo();
--> statement-breakpoint
-- A card shows its publisher's names.
CREATE FUNCTION catalogue_note_publisher() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_dirty (property_id)
  SELECT p.id FROM properties p WHERE p.published_by = NEW.id AND p.status = 'approved'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_note_publisher
AFTER UPDATE OF first_name, last_name ON users
FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
EXECUTE FUNCTION catalogue_note_publisher();
--> statement-breakpoint
-- A card shows its place names, and search_text holds them: a renamed place writes its listings'
-- search_text again (properties_search_text), which notes the approved ones' cards as above.
-- TG_ARGV[0] names the properties column that points at the place.
CREATE FUNCTION properties_place_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE properties SET %1$I = %1$I WHERE %1$I = $1', TG_ARGV[0]) USING NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_region_renamed AFTER UPDATE OF name ON regions
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION properties_place_renamed('region_id');
--> statement-breakpoint
CREATE TRIGGER properties_district_renamed AFTER UPDATE OF name ON districts
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION properties_place_renamed('district_id');
--> statement-breakpoint
CREATE TRIGGER properties_ward_renamed AFTER UPDATE OF name ON wards
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION properties_place_renamed('ward_id');
--> statement-breakpoint
CREATE TRIGGER properties_street_renamed AFTER UPDATE OF name ON streets
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION properties_place_renamed('street_id');
--> statement-breakpoint
-- At commit: a noted listing still noted means its writer forgot to refresh the card, which
-- would leave the catalogue showing the listing as it was. The commit fails instead.
CREATE FUNCTION catalogue_dirty_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM catalogue_dirty WHERE property_id = NEW.property_id) THEN
    RAISE EXCEPTION 'the catalogue card of listing % was not refreshed in the transaction that changed it', NEW.property_id
      USING HINT = 'call refreshCatalogueCards(tx) before the transaction ends';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_dirty_refreshed
AFTER INSERT ON catalogue_dirty DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION catalogue_dirty_check();
