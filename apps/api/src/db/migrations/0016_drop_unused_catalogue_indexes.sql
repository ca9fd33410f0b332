DROP INDEX "properties_public_new_idx";--> statement-breakpoint
DROP INDEX "properties_public_type_new_idx";--> statement-breakpoint
DROP INDEX "properties_public_price_idx";--> statement-breakpoint
DROP INDEX "properties_public_type_price_idx";--> statement-breakpoint
DROP INDEX "properties_public_promoted_idx";--> statement-breakpoint
DROP INDEX "properties_search_text_trgm_idx";