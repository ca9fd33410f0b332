-- INCLUDE (perceptual_hash, property_id) written by hand (drizzle-kit does not express it): a
-- probe of a band is checked against the whole hash, and its listing found, from the index alone
-- (decision 041).
CREATE INDEX "property_photos_hash_band0_idx" ON "property_photos" USING btree (((perceptual_hash >> 0) & 65535)) INCLUDE ("perceptual_hash","property_id");--> statement-breakpoint
CREATE INDEX "property_photos_hash_band1_idx" ON "property_photos" USING btree (((perceptual_hash >> 16) & 65535)) INCLUDE ("perceptual_hash","property_id");--> statement-breakpoint
CREATE INDEX "property_photos_hash_band2_idx" ON "property_photos" USING btree (((perceptual_hash >> 32) & 65535)) INCLUDE ("perceptual_hash","property_id");--> statement-breakpoint
CREATE INDEX "property_photos_hash_band3_idx" ON "property_photos" USING btree (((perceptual_hash >> 48) & 65535)) INCLUDE ("perceptual_hash","property_id");--> statement-breakpoint
CREATE INDEX "property_photos_unhashed_idx" ON "property_photos" USING btree ("id") WHERE perceptual_hash IS NULL;--> statement-breakpoint
-- A card shows a photo's variants, size, label and place, never its perceptual hash: an update
-- that sets only the hash (the backfill of photos stored before hashing) notes no card for
-- refreshing. Inserts and deletes are noted as before.
DROP TRIGGER catalogue_note_photo ON property_photos;--> statement-breakpoint
CREATE TRIGGER catalogue_note_photo
AFTER INSERT OR DELETE ON property_photos
FOR EACH ROW EXECUTE FUNCTION catalogue_note_photo();--> statement-breakpoint
CREATE TRIGGER catalogue_note_photo_update
AFTER UPDATE OF property_id, label, position, width, height, variants, created_at ON property_photos
FOR EACH ROW EXECUTE FUNCTION catalogue_note_photo();
