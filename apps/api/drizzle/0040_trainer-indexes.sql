CREATE TABLE "message_counts" (
	"trainee_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"held" integer NOT NULL,
	CONSTRAINT "message_counts_trainee_id_trainer_id_pk" PRIMARY KEY("trainee_id","trainer_id")
);
--> statement-breakpoint
ALTER TABLE "message_counts" ADD CONSTRAINT "message_counts_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_counts" ADD CONSTRAINT "message_counts_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_counts_trainer_id_idx" ON "message_counts" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "diary_entries_food_id_idx" ON "diary_entries" USING btree ("food_id") WHERE "diary_entries"."food_id" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_answers_proposals_week_idx" ON "onboarding_answers" USING btree ("proposals_week","user_id") WHERE "onboarding_answers"."goal" is not null and "onboarding_answers"."body" is not null and "onboarding_answers"."activity" is not null;--> statement-breakpoint
CREATE INDEX "users_trainer_id_idx" ON "users" USING btree ("trainer_id") WHERE "users"."trainer_id" is not null;--> statement-breakpoint
-- What each pair's conversation holds, counted once here and then kept by the triggers below
-- in the transaction of every statement that inserts or deletes messages (decision 108).
INSERT INTO "message_counts" ("trainee_id", "trainer_id", "held")
  SELECT "trainee_id", "trainer_id", count(*)::int FROM "messages" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "count_inserted_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "message_counts" AS c ("trainee_id", "trainer_id", "held")
    SELECT "trainee_id", "trainer_id", count(*)::int FROM inserted GROUP BY 1, 2
    ON CONFLICT ("trainee_id", "trainer_id") DO UPDATE SET "held" = c."held" + excluded."held";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "count_deleted_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "message_counts" AS c SET "held" = c."held" - d."n"
    FROM (SELECT "trainee_id", "trainer_id", count(*)::int AS "n" FROM deleted GROUP BY 1, 2) d
    WHERE c."trainee_id" = d."trainee_id" AND c."trainer_id" = d."trainer_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_count_inserted" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_messages"();--> statement-breakpoint
CREATE TRIGGER "messages_count_deleted" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_messages"();
