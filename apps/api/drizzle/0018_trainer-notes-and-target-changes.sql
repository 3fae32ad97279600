CREATE TABLE "target_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone NOT NULL,
	"energy_kcal" integer,
	"protein_g" integer,
	"fat_g" integer,
	"formula_energy_kcal" integer,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"trainee_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trainer_notes_body_check" CHECK (char_length("trainer_notes"."body") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "target_changes" ADD CONSTRAINT "target_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_changes" ADD CONSTRAINT "target_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_notes" ADD CONSTRAINT "trainer_notes_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_notes" ADD CONSTRAINT "trainer_notes_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "target_changes_user_id_seq_idx" ON "target_changes" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "target_changes_changed_by_idx" ON "target_changes" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "trainer_notes_pair_idx" ON "trainer_notes" USING btree ("trainer_id","trainee_id","created_at");--> statement-breakpoint
CREATE INDEX "trainer_notes_trainee_id_idx" ON "trainer_notes" USING btree ("trainee_id");