import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  doublePrecision,
  index,
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
export const onboardingAnswers = pgTable(
  'onboarding_answers',
  {
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
    /**
     * The day (where the person lives) the goal or the body was last answered: the goal date
     * counts from it until there is a weighing since (decision 063). Null for answers given
     * before it was kept: then the targets count from today, as they used to.
     */
    targets_start_on: date('targets_start_on', { mode: 'string' }),
    /**
     * The latest weight trend and the day of its weighing, kept by every change of the
     * weighings so that every read of the targets (the diary's day, the roster) has it in the
     * same row as the answers. Null without weighings.
     */
    trend_weight_kg: doublePrecision('trend_weight_kg'),
    trend_weight_on: date('trend_weight_on', { mode: 'string' }),
    /**
     * The weekly proposal the person accepted themselves (decision 066): the energy in place of
     * the formula's, and the expenditure it came from, which the weekly rate and the goal date
     * then count on. Null on the formula's energy; cleared when the goal or the body change.
     */
    adapted_energy_kcal: integer('adapted_energy_kcal'),
    adapted_expenditure_kcal: integer('adapted_expenditure_kcal'),
    /**
     * The Monday (where the person lives) of the last week whose proposal was looked at: moving
     * it on is the claim that makes one week's proposal once, whoever asks first.
     */
    proposals_week: date('proposals_week', { mode: 'string' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    // The weekly proposals' pass reads only the weeks not yet looked at, of those whose
    // answers give targets (decision 108).
    index('onboarding_answers_proposals_week_idx')
      .on(table.proposals_week, table.user_id)
      .where(
        sql`${table.goal} is not null and ${table.body} is not null and ${table.activity} is not null`,
      ),
  ],
);

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
