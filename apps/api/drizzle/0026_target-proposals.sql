CREATE TABLE "target_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"current_energy_kcal" integer NOT NULL,
	"proposed_energy_kcal" integer NOT NULL,
	"aim_energy_kcal" integer NOT NULL,
	"energy_floor_kcal" integer NOT NULL,
	"expenditure_kcal" integer NOT NULL,
	"margin_kcal" integer NOT NULL,
	"confidence" text NOT NULL,
	"formula_tdee_kcal" integer NOT NULL,
	"days_logged" integer NOT NULL,
	"weigh_ins" integer NOT NULL,
	"decided_energy_kcal" integer,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "target_proposals_status_check" CHECK ("target_proposals"."status" in ('pending', 'approved', 'rejected', 'accepted', 'kept', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD COLUMN "adapted_energy_kcal" integer;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD COLUMN "adapted_expenditure_kcal" integer;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD COLUMN "proposals_week" date;--> statement-breakpoint
ALTER TABLE "target_changes" ADD COLUMN "expenditure_kcal" integer;--> statement-breakpoint
ALTER TABLE "target_proposals" ADD CONSTRAINT "target_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_proposals" ADD CONSTRAINT "target_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "target_proposals_user_id_week_idx" ON "target_proposals" USING btree ("user_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "target_proposals_one_pending_idx" ON "target_proposals" USING btree ("user_id") WHERE "target_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "target_proposals_decided_by_idx" ON "target_proposals" USING btree ("decided_by");