-- The earliest moment each linked trainee's check-in notice may be due (decision 121), so the
-- notices job reads only those through an index. A write that may move it sets it to
-- '-infinity' in its own transaction (the triggers below); the job computes it again with its
-- clock. Null while check-ins are not shared.
ALTER TABLE "trainer_links" ADD COLUMN "next_check_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "trainer_links_next_check_in_at_idx" ON "trainer_links" USING btree ("next_check_in_at") WHERE "trainer_links"."next_check_in_at" is not null;--> statement-breakpoint
UPDATE "trainer_links" SET "next_check_in_at" = '-infinity' WHERE "check_ins";--> statement-breakpoint
-- The link itself: made, moved to another trainer, or its check-in sharing changed.
CREATE FUNCTION "link_check_in_moment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."next_check_in_at" := CASE WHEN NEW."check_ins" THEN '-infinity'::timestamptz END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "trainer_links_check_in_moment" BEFORE INSERT OR UPDATE OF "trainer_id", "check_ins" ON "trainer_links"
  FOR EACH ROW EXECUTE FUNCTION "link_check_in_moment"();--> statement-breakpoint
-- A row naming the trainee (the column is the argument): their time zone, tags, check-ins and
-- notices; and the account itself (enabled, its trainer).
CREATE FUNCTION "move_check_in_moment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person uuid;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    person := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
    UPDATE "trainer_links" SET "next_check_in_at" = '-infinity'
      WHERE "trainee_id" = person AND "check_ins" AND "next_check_in_at" IS DISTINCT FROM '-infinity';
  END IF;
  IF TG_OP <> 'INSERT' THEN
    person := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
    UPDATE "trainer_links" SET "next_check_in_at" = '-infinity'
      WHERE "trainee_id" = person AND "check_ins" AND "next_check_in_at" IS DISTINCT FROM '-infinity';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_check_in_moment" AFTER UPDATE OF "enabled", "trainer_id" ON "users"
  FOR EACH ROW WHEN (OLD."enabled" IS DISTINCT FROM NEW."enabled" OR OLD."trainer_id" IS DISTINCT FROM NEW."trainer_id")
  EXECUTE FUNCTION "move_check_in_moment"('id');--> statement-breakpoint
CREATE TRIGGER "user_preferences_check_in_moment" AFTER INSERT OR UPDATE OF "timezone" ON "user_preferences"
  FOR EACH ROW EXECUTE FUNCTION "move_check_in_moment"('user_id');--> statement-breakpoint
CREATE TRIGGER "trainee_tags_check_in_moment" AFTER INSERT OR UPDATE OR DELETE ON "trainee_tags"
  FOR EACH ROW EXECUTE FUNCTION "move_check_in_moment"('trainee_id');--> statement-breakpoint
CREATE TRIGGER "check_ins_check_in_moment" AFTER INSERT OR UPDATE OF "week" OR DELETE ON "check_ins"
  FOR EACH ROW EXECUTE FUNCTION "move_check_in_moment"('trainee_id');--> statement-breakpoint
CREATE TRIGGER "check_in_due_notices_check_in_moment" AFTER INSERT OR UPDATE ON "check_in_due_notices"
  FOR EACH ROW EXECUTE FUNCTION "move_check_in_moment"('trainee_id');--> statement-breakpoint
-- A form: a trainee's own moves theirs, a default or group form moves all of the trainer's.
CREATE FUNCTION "form_check_in_moment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE "trainer_links" SET "next_check_in_at" = '-infinity'
      WHERE "trainer_id" = NEW."trainer_id" AND "check_ins"
        AND (NEW."scope" <> 'trainee' OR "trainee_id" = NEW."trainee_id")
        AND "next_check_in_at" IS DISTINCT FROM '-infinity';
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "trainer_links" SET "next_check_in_at" = '-infinity'
      WHERE "trainer_id" = OLD."trainer_id" AND "check_ins"
        AND (OLD."scope" <> 'trainee' OR "trainee_id" = OLD."trainee_id")
        AND "next_check_in_at" IS DISTINCT FROM '-infinity';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "check_in_forms_check_in_moment" AFTER INSERT OR UPDATE OR DELETE ON "check_in_forms"
  FOR EACH ROW EXECUTE FUNCTION "form_check_in_moment"();
