import { boolean, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a trainee shares with their trainer, area by area (DESIGN "The coaching side"). */
export const CONSENT_AREAS = ['diary', 'training', 'body', 'check_ins'] as const;
export type ConsentArea = (typeof CONSENT_AREAS)[number];

/**
 * A trainee's link to their trainer and what they share, one row per trainee: a trainee has
 * at most one trainer. `users.trainer_id` names the same trainer; the row is written and
 * deleted in the same transaction as that column, and access checks read both, so a link
 * whose trainer changed shares nothing with the old one.
 */
export const trainerLinks = pgTable(
  'trainer_links',
  {
    trainee_id: uuid('trainee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    trainer_id: uuid('trainer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Food, water and notes, day by day. */
    diary: boolean('diary').notNull().default(false),
    /** Training sessions and programs. */
    training: boolean('training').notNull().default(false),
    /** Weight and body measurements. */
    body: boolean('body').notNull().default(false),
    /** Weekly check-ins and their photos. */
    check_ins: boolean('check_ins').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('trainer_links_trainer_id_idx').on(table.trainer_id)],
);
