import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per person with their onboarding answers, one jsonb column per step. A column is
 * null until its step is answered; what it holds is validated with the shared step schema
 * on the way in and on the way out.
 */
export const onboardingAnswers = pgTable('onboarding_answers', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  goal: jsonb('goal'),
  body: jsonb('body'),
  activity: jsonb('activity'),
  training: jsonb('training'),
  eating: jsonb('eating'),
  health: jsonb('health'),
  /** When the person last consented to share their data with their trainer; null if not. */
  trainer_consent_at: timestamp('trainer_consent_at', { withTimezone: true, mode: 'date' }),
  /**
   * When the person gave their explicit consent to process their health data (GDPR art.
   * 9.2.a); null without it, and then the health answers are null too.
   */
  health_consent_at: timestamp('health_consent_at', { withTimezone: true, mode: 'date' }),
  finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** PostgreSQL bytea as a Node Buffer, whichever driver reads it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Profile pictures live in the database, so every API instance can serve every picture.
 * A new upload is a new row with a new id, which makes the public address change with it.
 */
export const profilePictures = pgTable(
  'profile_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    content_type: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    uniqueIndex('profile_pictures_user_id_key').on(table.user_id),
    check('profile_pictures_size_check', sql`${table.width} <= 512 and ${table.height} <= 512`),
  ],
);
