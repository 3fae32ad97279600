-- Each user's trial so far: their first free-trial checkout, preferring one that was
-- completed. Only one per user is marked, so the unique index that follows can be built
-- even where a user managed to start several.
UPDATE "subscriptions" SET "free_trial" = true
WHERE "id" IN (
  SELECT DISTINCT ON ("user_id") "id"
  FROM "subscriptions"
  WHERE "plan" = 'free-trial-trainee'
  ORDER BY "user_id", ("stripe_subscription_id" IS NULL), "created_at", "id"
);
