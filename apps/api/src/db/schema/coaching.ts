import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

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
    /**
     * The earliest moment the weekly check-in notice may be due (decision 121): null while
     * check-ins are not shared, `-infinity` when a write may have moved it (set by triggers of
     * migration 0044, in the writer's transaction) until the notices job computes it again.
     */
    next_check_in_at: timestamp('next_check_in_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('trainer_links_trainer_id_idx').on(table.trainer_id),
    index('trainer_links_next_check_in_at_idx')
      .on(table.next_check_in_at)
      .where(sql`${table.next_check_in_at} is not null`),
  ],
);

/**
 * A trainer's invitation link (decision 051). Only the SHA-256 of its code is kept, so the
 * link is shown once, when it is made. Revoking deletes the row; one expired or used up stays
 * until the trainer's next invitation clears it, and is never found.
 */
export const trainerInvitations = pgTable(
  'trainer_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainer_id: uuid('trainer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull().unique(),
    max_uses: integer('max_uses').notNull(),
    uses_left: integer('uses_left').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('trainer_invitations_trainer_id_idx').on(table.trainer_id),
    check(
      'trainer_invitations_uses_check',
      sql`${table.uses_left} between 0 and ${table.max_uses} and ${table.max_uses} between 1 and 100`,
    ),
  ],
);
