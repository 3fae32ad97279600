-- Answers saved before the start of the goal was kept (decision 063) counted the goal date from
-- each day's today, so the date moved a day later every day. Their start becomes the day they
-- were last saved (UTC): the goal or body were answered on or before it.
UPDATE "onboarding_answers"
SET "targets_start_on" = ("updated_at" AT TIME ZONE 'UTC')::date
WHERE "targets_start_on" IS NULL AND ("goal" IS NOT NULL OR "body" IS NOT NULL);
