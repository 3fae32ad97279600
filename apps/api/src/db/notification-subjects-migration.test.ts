import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { insertUser } from '#test/users';
import { migrationsFolder } from '#paths';
import { trainerLinks } from './schema/coaching';
import { notifications } from './schema/notifications';
import { users } from './schema/users';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** The statements of migration 0037 that fill and clean the rows (the columns exist). */
const backfill = readFileSync(join(migrationsFolder, '0037_notification-subjects.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => /^\s*(--[^\n]*\n\s*)*(UPDATE|DELETE)/.test(statement));

describe('notifications written before they named their subject', () => {
  it('take it from the path or the trainer now, and what is no longer allowed goes', async () => {
    const { db } = database;
    const [trainer, trainee, former, alone] = await Promise.all([
      insertUser(db),
      insertUser(db),
      insertUser(db),
      insertUser(db),
    ]);
    await db.update(users).set({ trainer_id: trainer.id }).where(eq(users.id, trainee.id));
    await db.insert(trainerLinks).values({
      trainee_id: trainee.id,
      trainer_id: trainer.id,
      diary: true,
      training: false,
      body: false,
      check_ins: false,
    });
    const now = new Date('2026-11-30T10:00:00.000Z');
    const row = (user_id: string, kind: 'comment' | 'message' | 'reminder', path: string) => ({
      user_id,
      kind,
      title: path,
      body: 'texto',
      path,
      in_app: true,
      email: true,
      created_at: now,
    });
    await db
      .insert(notifications)
      .values([
        row(trainer.id, 'comment', `/trainers/clients/${trainee.id}/diary?date=2026-11-30`),
        row(trainer.id, 'message', `/trainers/clients/${trainee.id}/messages`),
        row(trainer.id, 'comment', `/trainers/clients/${trainee.id}/training?to=2026-11-30`),
        row(trainer.id, 'message', `/trainers/clients/${former.id}/messages`),
        row(trainee.id, 'comment', '/users/diary?date=2026-11-30'),
        row(alone.id, 'message', '/users/messages'),
        row(alone.id, 'reminder', '/users/home'),
      ]);

    for (const statement of backfill) await db.execute(sql.raw(statement));

    const rows = await db
      .select({
        title: notifications.title,
        subject: notifications.subject_user_id,
        area: notifications.subject_area,
      })
      .from(notifications);
    expect(rows.sort((a, b) => a.title.localeCompare(b.title))).toEqual(
      [
        {
          title: `/trainers/clients/${trainee.id}/diary?date=2026-11-30`,
          subject: trainee.id,
          area: 'diary',
        },
        { title: `/trainers/clients/${trainee.id}/messages`, subject: trainee.id, area: null },
        { title: '/users/diary?date=2026-11-30', subject: trainer.id, area: 'diary' },
        // A trainee without a trainer now: about nobody, kept.
        { title: '/users/messages', subject: null, area: null },
        { title: '/users/home', subject: null, area: null },
      ].sort((a, b) => a.title.localeCompare(b.title)),
    );
  });
});
