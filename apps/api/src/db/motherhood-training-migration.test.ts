import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { insertUser } from '#test/users';
import { computeTargets } from '#nutrition/targets.formulas';
import { migrationsFolder } from '#paths';
import { answersOf } from './onboarding-answers';
import { onboardingAnswers } from './schema/onboarding';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const migration = readFileSync(
  join(migrationsFolder, '0042_pregnancy-breastfeeding-training.sql'),
  'utf8',
);

/** The health step as it was stored before decision 101. */
function oldHealth(consent: boolean, pregnant: boolean | null): Record<string, unknown> {
  const shape: Record<string, unknown> = {
    ...answers.health,
    health_data_consent: consent,
    pregnant_or_postpartum: pregnant,
  };
  delete shape.pregnancy_week;
  delete shape.breastfeeding;
  delete shape.breastfeeding_since;
  return shape;
}

describe('answers stored before pregnancy, breastfeeding and training hours were asked apart', () => {
  it('are migrated: "no" to not pregnant nor breastfeeding, "yes" to unknown, an hour a day', async () => {
    const { db } = database;
    const [yes, no, withoutConsent, current] = await Promise.all([
      insertUser(db),
      insertUser(db),
      insertUser(db),
      insertUser(db),
    ]);
    const oldActivity = { activity_level: 'moderate', training_days_per_week: 4 };
    await db.insert(onboardingAnswers).values([
      { user_id: yes.id, health: oldHealth(true, true), activity: oldActivity },
      { user_id: no.id, health: oldHealth(true, false), activity: oldActivity },
      {
        user_id: withoutConsent.id,
        health: { ...oldHealth(false, null), heart_condition: null, health_notes: null },
      },
      {
        user_id: current.id,
        health: {
          ...answers.health,
          breastfeeding: 'exclusive',
          breastfeeding_since: '2026-01-05',
        },
        activity: answers.activity,
      },
    ]);
    const row = async (userId: string) =>
      (await db.select().from(onboardingAnswers).where(eq(onboardingAnswers.user_id, userId)))[0];
    // Before the migration the old shapes are not understood: the steps count as unanswered.
    expect(answersOf(await row(yes.id))).toMatchObject({ health: null, activity: null });

    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const migratedYes = answersOf(await row(yes.id));
    expect(migratedYes.health).toMatchObject({
      health_data_consent: true,
      pregnancy_week: null,
      breastfeeding: null,
      breastfeeding_since: null,
    });
    expect(JSON.stringify((await row(yes.id))?.health)).not.toContain('pregnant_or_postpartum');
    // One hour of mixed training per training day.
    expect(migratedYes.activity).toEqual({
      activity_level: 'moderate',
      training_days_per_week: 4,
      training_hours_per_week: 4,
      training_kind: 'mixed',
    });
    // The old "yes" still gives no deficit, and adds nothing it cannot know.
    const targets = computeTargets({
      goal: answers.goal,
      body: { ...answers.body, sex: 'female', weight_kg: 70 },
      activity: migratedYes.activity ?? answers.activity,
      health: migratedYes.health,
      today: new Date('2026-03-02T09:00:00.000Z'),
    });
    expect(targets.weekly_change_kg).toBe(0);
    expect(targets.notes).toContain('pregnancy');

    expect(answersOf(await row(no.id)).health).toMatchObject({
      pregnancy_week: null,
      breastfeeding: 'no',
      breastfeeding_since: null,
    });
    expect(answersOf(await row(withoutConsent.id)).health).toMatchObject({
      health_data_consent: false,
      pregnancy_week: null,
      breastfeeding: null,
      breastfeeding_since: null,
    });
    // Answers already in the new shape are left as they were.
    expect(answersOf(await row(current.id))).toMatchObject({
      health: { breastfeeding: 'exclusive', breastfeeding_since: '2026-01-05' },
      activity: answers.activity,
    });
  });
});
