-- Health answers saved before Forja asked for explicit consent to process them (GDPR art. 9)
-- are removed. The step stays answered and the choice of sharing with the trainer is kept;
-- the person can give the consent and answer again from the health step.
UPDATE "onboarding_answers"
SET "health" = jsonb_build_object(
  'health_data_consent', false,
  'heart_condition', null,
  'chest_pain', null,
  'dizziness', null,
  'bone_or_joint_problem', null,
  'blood_pressure_medication', null,
  'pregnant_or_postpartum', null,
  'other_condition', null,
  'health_notes', null,
  'share_with_trainer', coalesce("health" -> 'share_with_trainer', 'false'::jsonb)
)
WHERE "health" IS NOT NULL AND "health_consent_at" IS NULL;
