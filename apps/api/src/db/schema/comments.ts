import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEALS } from '@forja/shared/schemas/diary';
import { workouts } from './diary';
import { users } from './users';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const person = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A comment between a trainee and their trainer on a day of the trainee's diary, one of its
 * meals or one of their sessions (decision 055). It belongs to the pair: a trainer reads only
 * the comments of their own pair while the link lasts, the trainee keeps all of theirs.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainee_id: person('trainee_id'),
    trainer_id: person('trainer_id'),
    /** The trainee or the trainer of the pair. */
    author_id: person('author_id'),
    target: text('target', { enum: ['day', 'meal', 'workout'] }).notNull(),
    /** The day, for every target: a session's own date. */
    date: date('date', { mode: 'string' }).notNull(),
    meal: text('meal', { enum: MEALS }),
    workout_id: uuid('workout_id').references(() => workouts.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the other side of the pair first read it. */
    read_at: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** Order of writing within a day (times may be equal). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('comments_trainee_id_date_idx').on(table.trainee_id, table.date),
    // The trainee's unread count reads only what is unread.
    index('comments_unread_idx')
      .on(table.trainee_id)
      .where(sql`${table.read_at} is null`),
    index('comments_workout_id_idx').on(table.workout_id),
    check(
      'comments_author_check',
      sql`${table.author_id} = ${table.trainee_id} or ${table.author_id} = ${table.trainer_id}`,
    ),
    check(
      'comments_target_check',
      sql`(${table.target} = 'day' and ${table.meal} is null and ${table.workout_id} is null)
        or (${table.target} = 'meal' and ${table.meal} in (${inList(MEALS)}) and ${table.workout_id} is null)
        or (${table.target} = 'workout' and ${table.meal} is null and ${table.workout_id} is not null)`,
    ),
    check('comments_body_check', sql`char_length(${table.body}) between 1 and 2000`),
  ],
);
