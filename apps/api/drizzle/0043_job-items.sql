CREATE TABLE "job_items" (
	"job" text NOT NULL,
	"item" text NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone,
	CONSTRAINT "job_items_job_item_pk" PRIMARY KEY("job","item")
);
