ALTER TABLE "admins" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "admins" DROP COLUMN "locked_until";