ALTER TABLE "foods" ADD COLUMN "alcohol_g" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "commonness" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "foods_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_alcohol_check" CHECK ("foods"."alcohol_g" >= 0);--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_state_check" CHECK ("foods"."state" in ('raw', 'dry'));