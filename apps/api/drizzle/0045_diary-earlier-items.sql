ALTER TABLE "workouts" ADD CONSTRAINT "workouts_id_user_id_date_seq_key" UNIQUE("id","user_id","date","seq");--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD COLUMN "date" date;--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD COLUMN "workout_seq" bigint;--> statement-breakpoint
-- Each item takes its session's owner, date and order (decision 125).
UPDATE "workout_exercises" AS we SET "user_id" = w."user_id", "date" = w."date", "workout_seq" = w."seq"
  FROM "workouts" AS w WHERE w."id" = we."workout_id";--> statement-breakpoint
ALTER TABLE "workout_exercises" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_exercises" ALTER COLUMN "date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_exercises" ALTER COLUMN "workout_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_exercises" DROP CONSTRAINT "workout_exercises_workout_id_workouts_id_fk";--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD CONSTRAINT "workout_exercises_workout_fk" FOREIGN KEY ("workout_id","user_id","date","workout_seq") REFERENCES "public"."workouts"("id","user_id","date","seq") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "workout_exercises_user_id_exercise_id_date_idx" ON "workout_exercises" USING btree ("user_id","exercise_id","date","workout_seq","seq");
