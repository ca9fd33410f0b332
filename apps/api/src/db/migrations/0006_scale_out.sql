CREATE TABLE "periodic_job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job" text NOT NULL,
	"runner" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"failed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodic_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_budget" (
	"span" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"exhausted_at" timestamp with time zone,
	CONSTRAINT "sms_budget_span_window_start_pk" PRIMARY KEY("span","window_start")
);
--> statement-breakpoint
CREATE INDEX "periodic_job_runs_job_started_idx" ON "periodic_job_runs" USING btree ("job","started_at");