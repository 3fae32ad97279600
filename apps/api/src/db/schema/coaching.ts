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
  },
  (table) => [index('trainer_links_trainer_id_idx').on(table.trainer_id)],
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
