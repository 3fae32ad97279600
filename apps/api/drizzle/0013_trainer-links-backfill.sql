-- Trainees already linked by trainer_id: a link row each. Whoever had consented to share
-- their data with the trainer (one yes for everything, before areas existed) shares every
-- area; the others share nothing until they choose.
INSERT INTO "trainer_links" ("trainee_id", "trainer_id", "diary", "training", "body", "check_ins")
SELECT u."id", u."trainer_id", c.shared, c.shared, c.shared, c.shared
FROM "users" u
CROSS JOIN LATERAL (
  SELECT EXISTS (
    SELECT 1 FROM "onboarding_answers" a
    WHERE a."user_id" = u."id" AND a."trainer_consent_at" IS NOT NULL
  ) AS shared
) c
WHERE u."trainer_id" IS NOT NULL AND u."role" = 'trainee'
ON CONFLICT ("trainee_id") DO NOTHING;
