ALTER TABLE "onboarding_answers" ADD COLUMN "targets_start_on" date;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD COLUMN "trend_weight_kg" double precision;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD COLUMN "trend_weight_on" date;