import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { insertUser } from '#test/users';
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

const backfill = readFileSync(
  join(migrationsFolder, '0011_health-answers-need-consent.sql'),
  'utf8',
);
// The health step's shape changed again later (decision 101): that migration follows.
const motherhood = readFileSync(
  join(migrationsFolder, '0042_pregnancy-breastfeeding-training.sql'),
  'utf8',
);

describe('health answers saved before consent was asked', () => {
  it('are removed by the migration, keeping the step answered and the trainer sharing', async () => {
    const { db } = database;
    const before = await insertUser(db);
    const consented = await insertUser(db);
    // The shape of the health step before the consent existed.
    const oldShape: Record<string, unknown> = {
      ...answers.health,
      heart_condition: true,
      pregnant_or_postpartum: false,
      health_notes: 'Marcapasos',
    };
    delete oldShape.health_data_consent;
    delete oldShape.pregnancy_week;
    delete oldShape.breastfeeding;
    delete oldShape.breastfeeding_since;
    await db.insert(onboardingAnswers).values([
      { user_id: before.id, health: oldShape, trainer_consent_at: new Date() },
      {
        user_id: consented.id,
        health: { ...answers.health, heart_condition: true },
        health_consent_at: new Date(),
      },
    ]);

    await db.execute(sql.raw(backfill));
    for (const statement of motherhood.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const row = async (userId: string) =>
      (await db.select().from(onboardingAnswers).where(eq(onboardingAnswers.user_id, userId)))[0];
    const cleared = await row(before.id);
    expect(JSON.stringify(cleared?.health)).not.toContain('Marcapasos');
    expect(answersOf(cleared).health).toEqual({
      health_data_consent: false,
      heart_condition: null,
      chest_pain: null,
      dizziness: null,
      bone_or_joint_problem: null,
      blood_pressure_medication: null,
      other_condition: null,
      pregnancy_week: null,
      breastfeeding: null,
      breastfeeding_since: null,
      health_notes: null,
      share_with_trainer: true,
    });
    expect(answersOf(await row(consented.id)).health).toMatchObject({ heart_condition: true });
  });
});
