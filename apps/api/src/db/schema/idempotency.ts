import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './onboarding';
import { users } from './users';

/**
 * The first answer to each `Idempotency-Key` a person sent with a write (decision 067): a
 * retry with the same key and the same request gets it again instead of repeating the write.
 * The row is written in the same transaction as the write's effect, so both or neither stay.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and a hash of the canonical JSON body: what the key was first used for. */
    fingerprint: text('fingerprint').notNull(),
    /** The answer's status; null while the first request is still being answered. */
    status: smallint('status'),
    /** The answer's body exactly as it was sent (before compression); null when empty. */
    body: bytea('body'),
    /** The answer's own headers (content type, location…) to send again. */
    headers: jsonb('headers')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.key] }),
    index('idempotency_keys_user_created_idx').on(table.user_id, table.created_at),
    index('idempotency_keys_created_idx').on(table.created_at),
  ],
);
