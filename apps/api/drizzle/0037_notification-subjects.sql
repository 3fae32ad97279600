ALTER TABLE "notifications" ADD COLUMN "subject_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_area" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_subject_user_id_idx" ON "notifications" USING btree ("subject_user_id","user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_area_check" CHECK ("notifications"."subject_area" is null or "notifications"."subject_area" in ('diary', 'training', 'body', 'check_ins'));--> statement-breakpoint
-- A trainer's notification about a trainee names the trainee in its path, and the tab the
-- area it shows (messages: the link alone).
UPDATE "notifications" SET
  "subject_user_id" = substring("path" from '^/trainers/clients/([0-9a-f-]{36})/')::uuid,
  "subject_area" = CASE substring("path" from '^/trainers/clients/[0-9a-f-]{36}/([a-z_-]+)')
    WHEN 'diary' THEN 'diary' WHEN 'training' THEN 'training' ELSE NULL END
WHERE "path" ~ '^/trainers/clients/[0-9a-f-]{36}/'
  AND EXISTS (
    SELECT 1 FROM "users" u
    WHERE u."id"::text = substring("path" from '^/trainers/clients/([0-9a-f-]{36})/'));--> statement-breakpoint
-- A trainee's notification from their trainer does not name them: it is taken to be about
-- the trainer they have now (one from a former trainer is left about nobody when they have
-- none).
UPDATE "notifications" n SET
  "subject_user_id" = u."trainer_id",
  "subject_area" = CASE n."kind"
    WHEN 'comment' THEN 'diary'
    WHEN 'check_in_due' THEN 'check_ins'
    WHEN 'check_in_answered' THEN 'check_ins'
    WHEN 'program_assigned' THEN 'training'
    ELSE NULL END
FROM "users" u
WHERE u."id" = n."user_id"
  AND u."trainer_id" IS NOT NULL
  AND n."subject_user_id" IS NULL
  AND n."kind" IN ('comment', 'message', 'check_in_due', 'check_in_answered', 'program_assigned')
  AND n."path" LIKE '/users/%';--> statement-breakpoint
-- What a former trainer still holds about a trainee, or of an area no longer shared, goes
-- now (its pending pushes with it).
DELETE FROM "notifications" n
WHERE n."subject_user_id" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "trainer_links" l
    WHERE l."trainee_id" = n."user_id" AND l."trainer_id" = n."subject_user_id")
  AND NOT EXISTS (
    SELECT 1 FROM "trainer_links" l
    WHERE l."trainer_id" = n."user_id" AND l."trainee_id" = n."subject_user_id"
      AND CASE n."subject_area"
        WHEN 'diary' THEN l."diary"
        WHEN 'training' THEN l."training"
        WHEN 'body' THEN l."body"
        WHEN 'check_ins' THEN l."check_ins"
        ELSE true END);
