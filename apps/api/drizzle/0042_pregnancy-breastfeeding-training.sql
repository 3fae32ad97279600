-- Decision 101: the single question «embarazada o he dado a luz en los últimos 6 meses»
-- becomes pregnancy_week, breastfeeding and breastfeeding_since. With the consent, "no"
-- becomes not pregnant and not breastfeeding; "yes" cannot say which, so breastfeeding is
-- left null: the targets then give no deficit and add nothing (as the old question did)
-- until the person answers again. Without the consent every health answer stays null.
UPDATE "onboarding_answers"
SET "health" = ("health" - 'pregnant_or_postpartum') || jsonb_build_object(
  'pregnancy_week', null,
  'breastfeeding',
  CASE
    WHEN "health" -> 'health_data_consent' = 'true'::jsonb
      AND "health" -> 'pregnant_or_postpartum' = 'false'::jsonb THEN to_jsonb('no'::text)
    ELSE null
  END,
  'breastfeeding_since', null
)
WHERE "health" -> 'pregnant_or_postpartum' IS NOT NULL;
--> statement-breakpoint
-- Decision 103: the activity step also asks the hours of training a week and their kind.
-- Stored answers count an hour of mixed training per training day until answered again.
UPDATE "onboarding_answers"
SET "activity" = "activity" || jsonb_build_object(
  'training_hours_per_week', coalesce("activity" -> 'training_days_per_week', '0'::jsonb),
  'training_kind', 'mixed'
)
WHERE "activity" IS NOT NULL AND "activity" -> 'training_hours_per_week' IS NULL;
