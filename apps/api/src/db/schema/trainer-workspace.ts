import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const person = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A trainer's own labels for one trainee ("pierna lesionada", "online"): private to that
 * trainer, who is part of the key, so a trainee's next trainer never reads them.
 */
export const traineeTags = pgTable(
  'trainee_tags',
  {
    trainer_id: person('trainer_id'),
    trainee_id: person('trainee_id'),
    tags: text('tags').array().notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.trainer_id, table.trainee_id] }),
    check('trainee_tags_count_check', sql`cardinality(${table.tags}) <= 10`),
  ],
);

/**
 * What a trainer did with one item of the Hoy queue (a rule about a trainee): snoozed until
 * a moment, or done for the episode that started on `done_since`. Rows live in the
 * database, so every instance of the API answers the same queue.
 */
export const queueItemStates = pgTable(
  'queue_item_states',
  {
    trainer_id: person('trainer_id'),
    trainee_id: person('trainee_id'),
    rule: text('rule').notNull(),
    snoozed_until: at('snoozed_until'),
    done_since: date('done_since', { mode: 'string' }),
    done_at: at('done_at'),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.trainer_id, table.trainee_id, table.rule] })],
);

/**
 * A trainer's private note about one trainee (decision 057): read only by that trainer,
 * deleted when the link ends, at most 500 per pair.
 */
export const trainerNotes = pgTable(
  'trainer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainer_id: person('trainer_id'),
    trainee_id: person('trainee_id'),
    body: text('body').notNull(),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [
    index('trainer_notes_pair_idx').on(table.trainer_id, table.trainee_id, table.created_at),
    index('trainer_notes_trainee_id_idx').on(table.trainee_id),
    check('trainer_notes_body_check', sql`char_length(${table.body}) between 1 and 4000`),
  ],
);
