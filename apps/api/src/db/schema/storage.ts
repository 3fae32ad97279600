import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './onboarding';

/**
 * The database object store (decision 061): private files by key, so every API instance
 * (and PGlite) serves them. An S3-compatible store can take its place behind the same
 * interface (`src/adapters/storage/object-store.ts`).
 */
export const storedObjects = pgTable('stored_objects', {
  key: text('key').primaryKey(),
  content: bytea('content').notNull(),
  content_type: text('content_type').notNull(),
  size: integer('size').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
