DROP INDEX "workout_exercises_workout_id_idx";--> statement-breakpoint
DROP INDEX "workouts_user_id_date_idx";--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "workout_sets" ADD COLUMN "rpe" double precision;--> statement-breakpoint
CREATE INDEX "workout_exercises_workout_id_exercise_id_idx" ON "workout_exercises" USING btree ("workout_id","exercise_id");--> statement-breakpoint
CREATE INDEX "workouts_user_id_date_seq_idx" ON "workouts" USING btree ("user_id","date","seq");--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD CONSTRAINT "workout_exercises_notes_check" CHECK (char_length("workout_exercises"."notes") <= 500);--> statement-breakpoint
ALTER TABLE "workout_sets" ADD CONSTRAINT "workout_sets_rpe_check" CHECK ("workout_sets"."rpe" between 6 and 10 and "workout_sets"."rpe" * 2 = floor("workout_sets"."rpe" * 2));