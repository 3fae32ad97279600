CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainee_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"target" text NOT NULL,
	"date" date NOT NULL,
	"meal" text,
	"workout_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"seq" bigserial NOT NULL,
	CONSTRAINT "comments_author_check" CHECK ("comments"."author_id" = "comments"."trainee_id" or "comments"."author_id" = "comments"."trainer_id"),
	CONSTRAINT "comments_target_check" CHECK (("comments"."target" = 'day' and "comments"."meal" is null and "comments"."workout_id" is null)
        or ("comments"."target" = 'meal' and "comments"."meal" in ('desayuno', 'almuerzo', 'comida', 'merienda', 'cena') and "comments"."workout_id" is null)
        or ("comments"."target" = 'workout' and "comments"."meal" is null and "comments"."workout_id" is not null)),
	CONSTRAINT "comments_body_check" CHECK (char_length("comments"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_trainee_id_date_idx" ON "comments" USING btree ("trainee_id","date");--> statement-breakpoint
CREATE INDEX "comments_unread_idx" ON "comments" USING btree ("trainee_id") WHERE "comments"."read_at" is null;--> statement-breakpoint
CREATE INDEX "comments_workout_id_idx" ON "comments" USING btree ("workout_id");