CREATE TABLE "queue_item_states" (
	"trainer_id" uuid NOT NULL,
	"trainee_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"snoozed_until" timestamp with time zone,
	"done_since" date,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "queue_item_states_trainer_id_trainee_id_rule_pk" PRIMARY KEY("trainer_id","trainee_id","rule")
);
--> statement-breakpoint
CREATE TABLE "trainee_tags" (
	"trainer_id" uuid NOT NULL,
	"trainee_id" uuid NOT NULL,
	"tags" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trainee_tags_trainer_id_trainee_id_pk" PRIMARY KEY("trainer_id","trainee_id"),
	CONSTRAINT "trainee_tags_count_check" CHECK (cardinality("trainee_tags"."tags") <= 10)
);
--> statement-breakpoint
DROP INDEX "diary_entries_user_id_date_idx";--> statement-breakpoint
ALTER TABLE "queue_item_states" ADD CONSTRAINT "queue_item_states_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_item_states" ADD CONSTRAINT "queue_item_states_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_tags" ADD CONSTRAINT "trainee_tags_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_tags" ADD CONSTRAINT "trainee_tags_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diary_entries_user_id_date_kcal_idx" ON "diary_entries" USING btree ("user_id","date","kcal");