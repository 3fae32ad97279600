CREATE TABLE "program_assignments" (
	"trainee_id" uuid PRIMARY KEY NOT NULL,
	"trainer_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"routines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "programs_routines_check" CHECK (jsonb_array_length("programs"."routines") <= 7)
);
--> statement-breakpoint
ALTER TABLE "exercises" ALTER COLUMN "key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD COLUMN "prescription" jsonb;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "routine_id" uuid;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "program_assignments" ADD CONSTRAINT "program_assignments_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_assignments" ADD CONSTRAINT "program_assignments_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_assignments" ADD CONSTRAINT "program_assignments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_assignments_program_id_idx" ON "program_assignments" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "programs_trainer_id_idx" ON "programs" USING btree ("trainer_id");--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workouts_user_id_date_routine_id_key" ON "workouts" USING btree ("user_id","date","routine_id") WHERE "workouts"."routine_id" is not null;--> statement-breakpoint
CREATE INDEX "exercises_owner_id_idx" ON "exercises" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_library_or_own_check" CHECK ("exercises"."key" is null or "exercises"."owner_id" is null);