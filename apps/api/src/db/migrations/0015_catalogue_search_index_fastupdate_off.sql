-- Written by hand (drizzle-kit would rebuild the index): the same index, its pending list merged
-- once and no longer used, so a search never scans recent writes row by row (decision 032).
ALTER INDEX "catalogue_entries_search_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('catalogue_entries_search_trgm_idx');
