import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    country: text('country').notNull(),
    profile_picture_url: text('profile_picture_url').notNull().default(''),
    trainer_id: uuid('trainer_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    role: text('role', { enum: ['trainee', 'trainer', 'admin'] })
      .notNull()
      .default('trainee'),
    enabled: boolean('enabled').notNull().default(false),
    last_login: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    /** The terms and privacy policy accepted at registration, and when; null before they existed. */
    terms_version: text('terms_version'),
    terms_accepted_at: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }),
    /**
     * Raised by triggers (migration 0028) whenever the person's diary entries, favourite
     * foods or own foods change, so the food search can keep what it read of them until
     * then (decision 070). Read with the access token, it costs no query.
     */
    foods_version: integer('foods_version').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    // E-mail addresses are compared without regard to case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('trainee', 'trainer', 'admin')`),
    // Every read of a trainer's trainees (the roster, Hoy, the jobs that follow links) starts
    // here; most users have no trainer, so only those who do are indexed (decision 108).
    index('users_trainer_id_idx')
      .on(table.trainer_id)
      .where(sql`${table.trainer_id} is not null`),
  ],
);

export const userPreferences = pgTable(
  'user_preferences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    metric_system: text('metric_system', { enum: ['metric', 'imperial'] }).notNull(),
    theme: text('theme', { enum: ['light', 'dark', 'system'] }).notNull(),
    language: text('language', { enum: ['es'] }).notNull(),
    timezone: text('timezone').notNull(),
    extra: text('extra').notNull().default(''),
    ...timestamps,
  },
  (table) => [uniqueIndex('user_preferences_user_id_key').on(table.user_id)],
);
