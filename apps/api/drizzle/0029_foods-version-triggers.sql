-- Raises users.foods_version whenever what the food search reads of a person changes: their
-- diary entries (recent foods), favourite foods and own foods (decision 070). The column
-- naming the person is the trigger's argument.
CREATE FUNCTION "raise_foods_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person uuid;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    person := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
    IF person IS NOT NULL THEN
      UPDATE "users" SET "foods_version" = "foods_version" + 1 WHERE "id" = person;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    person := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
    IF person IS NOT NULL THEN
      UPDATE "users" SET "foods_version" = "foods_version" + 1 WHERE "id" = person;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "diary_entries_raise_foods_version" AFTER INSERT OR UPDATE OR DELETE ON "diary_entries"
  FOR EACH ROW EXECUTE FUNCTION "raise_foods_version"('user_id');--> statement-breakpoint
CREATE TRIGGER "food_favourites_raise_foods_version" AFTER INSERT OR UPDATE OR DELETE ON "food_favourites"
  FOR EACH ROW EXECUTE FUNCTION "raise_foods_version"('user_id');--> statement-breakpoint
CREATE TRIGGER "foods_raise_foods_version" AFTER INSERT OR UPDATE OR DELETE ON "foods"
  FOR EACH ROW EXECUTE FUNCTION "raise_foods_version"('owner_id');
