CREATE TABLE "check_in_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"trainee_id" uuid,
	"tag" text,
	"tag_key" text,
	"weekday" smallint NOT NULL,
	"questions" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "check_in_forms_weekday_check" CHECK ("check_in_forms"."weekday" between 1 and 7),
	CONSTRAINT "check_in_forms_scope_check" CHECK (("check_in_forms"."scope" = 'default' and "check_in_forms"."trainee_id" is null and "check_in_forms"."tag_key" is null)
        or ("check_in_forms"."scope" = 'group' and "check_in_forms"."trainee_id" is null and "check_in_forms"."tag_key" is not null)
        or ("check_in_forms"."scope" = 'trainee' and "check_in_forms"."trainee_id" is not null and "check_in_forms"."tag_key" is null))
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainee_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"week" date NOT NULL,
	"due_date" date NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"submitted_on" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	CONSTRAINT "check_ins_reply_check" CHECK (("check_ins"."reply" is null) = ("check_ins"."replied_at" is null) and char_length(coalesce("check_ins"."reply", 'x')) between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "progress_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"check_in_id" uuid NOT NULL,
	"trainee_id" uuid NOT NULL,
	"pose" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "progress_photos_pose_check" CHECK ("progress_photos"."pose" in ('front', 'side', 'back'))
);
--> statement-breakpoint
CREATE TABLE "stored_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_forms" ADD CONSTRAINT "check_in_forms_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_forms" ADD CONSTRAINT "check_in_forms_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_photos" ADD CONSTRAINT "progress_photos_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_photos" ADD CONSTRAINT "progress_photos_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_forms_default_idx" ON "check_in_forms" USING btree ("trainer_id") WHERE "check_in_forms"."scope" = 'default';--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_forms_group_idx" ON "check_in_forms" USING btree ("trainer_id","tag_key") WHERE "check_in_forms"."scope" = 'group';--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_forms_trainee_idx" ON "check_in_forms" USING btree ("trainer_id","trainee_id") WHERE "check_in_forms"."scope" = 'trainee';--> statement-breakpoint
CREATE INDEX "check_in_forms_trainee_id_idx" ON "check_in_forms" USING btree ("trainee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_trainee_week_idx" ON "check_ins" USING btree ("trainee_id","week");--> statement-breakpoint
CREATE INDEX "check_ins_pending_idx" ON "check_ins" USING btree ("trainer_id","trainee_id","submitted_on") WHERE "check_ins"."replied_at" is null;--> statement-breakpoint
CREATE INDEX "check_ins_trainer_trainee_idx" ON "check_ins" USING btree ("trainer_id","trainee_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "progress_photos_check_in_pose_idx" ON "progress_photos" USING btree ("check_in_id","pose");--> statement-breakpoint
CREATE INDEX "progress_photos_trainee_id_idx" ON "progress_photos" USING btree ("trainee_id");