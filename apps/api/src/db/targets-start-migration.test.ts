import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { insertUser } from '#test/users';
import { migrationsFolder } from '#paths';
import { onboardingAnswers } from './schema/onboarding';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const backfill = readFileSync(join(migrationsFolder, '0027_targets-start-backfill.sql'), 'utf8');

describe('answers saved before the start of the goal was kept', () => {
  it('start on the day they were last saved; kept starts and unanswered goals stay', async () => {
    const { db } = database;
    const [old, kept, unanswered] = await Promise.all([
      insertUser(db),
      insertUser(db),
      insertUser(db),
    ]);
    await db.insert(onboardingAnswers).values([
      {
        user_id: old.id,
        goal: answers.goal,
        body: answers.body,
        // 23:30 in UTC is already the next day in Madrid: the UTC day is the earlier one.
        updated_at: new Date('2026-10-05T23:30:00.000Z'),
      },
      {
        user_id: kept.id,
        goal: answers.goal,
        targets_start_on: '2026-11-01',
        updated_at: new Date('2026-11-20T10:00:00.000Z'),
      },
      { user_id: unanswered.id, updated_at: new Date('2026-11-20T10:00:00.000Z') },
    ]);

    await db.execute(sql.raw(backfill));

    const startOf = async (userId: string) =>
      (
        await db
          .select({ start: onboardingAnswers.targets_start_on })
          .from(onboardingAnswers)
          .where(eq(onboardingAnswers.user_id, userId))
      )[0]?.start;
    expect(await startOf(old.id)).toBe('2026-10-05');
    expect(await startOf(kept.id)).toBe('2026-11-01');
    expect(await startOf(unanswered.id)).toBeNull();
  });
});
