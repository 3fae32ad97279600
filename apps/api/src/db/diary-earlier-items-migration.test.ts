import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { insertUser } from '#test/users';
import { migrationsFolder } from '#paths';
import { workoutExercises, workouts } from './schema/diary';
import { exercises } from './schema/foods';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const migration = readFileSync(join(migrationsFolder, '0045_diary-earlier-items.sql'), 'utf8');

/** The session items' table as it was before migration 0045. */
const before = [
  'alter table workout_exercises drop constraint workout_exercises_workout_fk',
  'drop index workout_exercises_user_id_exercise_id_date_idx',
  'alter table workout_exercises drop column user_id, drop column date, drop column workout_seq',
  'alter table workouts drop constraint workouts_id_user_id_date_seq_key',
  `alter table workout_exercises add constraint workout_exercises_workout_id_workouts_id_fk
    foreign key (workout_id) references workouts(id) on delete cascade`,
];

/** One statement at a time, as the migrator runs them. */
async function run(statements: string[]) {
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

describe("session items stored before they kept their session's owner, date and order", () => {
  it('take them from their session, and follow a later change of its date', async () => {
    const { db } = database;
    const [ana, bea] = await Promise.all([insertUser(db), insertUser(db)]);
    const [exercise] = await db.select({ id: exercises.id }).from(exercises).limit(1);
    await run(before);
    const now = new Date('2026-11-20T10:00:00.000Z');
    const sessions = await db
      .insert(workouts)
      .values([
        { user_id: ana.id, date: '2026-11-01', created_at: now },
        { user_id: ana.id, date: '2026-11-01', created_at: now },
        { user_id: bea.id, date: '2026-11-03', created_at: now },
      ])
      .returning({ id: workouts.id, seq: workouts.seq });
    for (const session of sessions)
      await db.execute(
        sql`insert into workout_exercises (workout_id, exercise_id, created_at)
            values (${session.id}, ${exercise?.id}, ${now}), (${session.id}, ${exercise?.id}, ${now})`,
      );

    await run(migration.split('--> statement-breakpoint'));

    const copied = await db
      .select({
        workout_id: workoutExercises.workout_id,
        user_id: workoutExercises.user_id,
        date: workoutExercises.date,
        workout_seq: workoutExercises.workout_seq,
      })
      .from(workoutExercises)
      .orderBy(workoutExercises.seq);
    const expected = [
      { user_id: ana.id, date: '2026-11-01' },
      { user_id: ana.id, date: '2026-11-01' },
      { user_id: bea.id, date: '2026-11-03' },
    ].flatMap((owner, index) => {
      const session = sessions[index];
      const item = { workout_id: session?.id, ...owner, workout_seq: session?.seq };
      return [item, item];
    });
    expect(copied).toEqual(expected);

    const moved = sessions[0]?.id ?? '';
    await db.update(workouts).set({ date: '2026-11-02' }).where(eq(workouts.id, moved));
    const dates = await db
      .select({ date: workoutExercises.date })
      .from(workoutExercises)
      .where(eq(workoutExercises.workout_id, moved));
    expect(dates).toEqual([{ date: '2026-11-02' }, { date: '2026-11-02' }]);
    // A copy that is not its session's own is refused.
    await expect(
      db
        .update(workoutExercises)
        .set({ user_id: bea.id })
        .where(eq(workoutExercises.workout_id, moved)),
    ).rejects.toThrow();
  });
});
