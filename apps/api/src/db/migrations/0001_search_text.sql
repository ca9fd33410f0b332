-- properties.search_text = title + ' ' + the spec's formatted address, exactly as
-- formatPropertyAddress (packages/contracts/src/properties.ts) builds it:
-- 'Apartment X, House No. X, Plot No. X, Street X, Ward X, District X, Region X', absent parts left out.
-- Kept by a trigger rather than a generated column because it needs the location names.
CREATE OR REPLACE FUNCTION properties_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := concat_ws(' ', NEW.title, NULLIF(concat_ws(', ',
    'Apartment ' || NULLIF(NEW.apartment_number, ''),
    'House No. ' || NULLIF(NEW.house_number, ''),
    'Plot No. ' || NULLIF(NEW.plot_number, ''),
    'Street ' || (SELECT s.name FROM streets s WHERE s.id = NEW.street_id),
    'Ward ' || (SELECT w.name FROM wards w WHERE w.id = NEW.ward_id),
    'District ' || (SELECT d.name FROM districts d WHERE d.id = NEW.district_id),
    'Region ' || (SELECT r.name FROM regions r WHERE r.id = NEW.region_id)
  ), ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_search_text
BEFORE INSERT OR UPDATE OF title, apartment_number, house_number, plot_number, street_id, ward_id, district_id, region_id
ON properties
FOR EACH ROW EXECUTE FUNCTION properties_search_text();
--> statement-breakpoint
-- Rows written before this migration get their text too.
UPDATE properties SET title = title;
