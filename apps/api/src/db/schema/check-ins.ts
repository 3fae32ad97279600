import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CheckInAnswers,
  CheckInFigures,
  CheckInQuestion,
} from '@forja/shared/schemas/check-ins';
import { PHOTO_POSES } from '@forja/shared/schemas/check-ins';
import { users } from './users';

const person = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A trainer's check-in form (decision 061): their default (no trainee, no tag), a group's
 * (one of their private tags, compared folded) or one trainee's. A trainee's own form wins
 * over a group's, a group's over the default.
 */
export const checkInForms = pgTable(
  'check_in_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainer_id: person('trainer_id'),
    scope: text('scope', { enum: ['default', 'group', 'trainee'] }).notNull(),
    trainee_id: uuid('trainee_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The tag as the trainer wrote it, and folded (case and accents aside) for the key. */
    tag: text('tag'),
    tag_key: text('tag_key'),
    weekday: smallint('weekday').notNull(),
    questions: jsonb('questions').$type<CheckInQuestion[]>().notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('check_in_forms_default_idx')
      .on(table.trainer_id)
      .where(sql`${table.scope} = 'default'`),
    uniqueIndex('check_in_forms_group_idx')
      .on(table.trainer_id, table.tag_key)
      .where(sql`${table.scope} = 'group'`),
    uniqueIndex('check_in_forms_trainee_idx')
      .on(table.trainer_id, table.trainee_id)
      .where(sql`${table.scope} = 'trainee'`),
    index('check_in_forms_trainee_id_idx').on(table.trainee_id),
    check('check_in_forms_weekday_check', sql`${table.weekday} between 1 and 7`),
    check(
      'check_in_forms_scope_check',
      sql`(${table.scope} = 'default' and ${table.trainee_id} is null and ${table.tag_key} is null)
        or (${table.scope} = 'group' and ${table.trainee_id} is null and ${table.tag_key} is not null)
        or (${table.scope} = 'trainee' and ${table.trainee_id} is not null and ${table.tag_key} is null)`,
    ),
  ],
);

/**
 * One trainee's check-in of one week, sent to the trainer they had then (the pair): one per
 * trainee and week, whoever the trainer. The questions are kept as they were asked, the
 * figures as they were when last sent. `replied_at` set means answered: no more changes.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainee_id: person('trainee_id'),
    /**
     * The trainer it was sent to; null once that trainer deleted their account. The check-in
     * is the trainee's and outlives the trainer, with the questions as they were asked.
     */
    trainer_id: uuid('trainer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Monday of the week. */
    week: date('week', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    questions: jsonb('questions').$type<CheckInQuestion[]>().notNull(),
    answers: jsonb('answers').$type<CheckInAnswers>().notNull(),
    figures: jsonb('figures').$type<CheckInFigures>().notNull(),
    /** The explicit consent to process this health data, given with the check-in. */
    consented_at: at('consented_at').notNull(),
    submitted_at: at('submitted_at').notNull(),
    /** The trainee's day of the first sending: when the trainer's queue item begins. */
    submitted_on: date('submitted_on', { mode: 'string' }).notNull(),
    updated_at: at('updated_at').notNull(),
    reply: text('reply'),
    replied_at: at('replied_at'),
  },
  (table) => [
    uniqueIndex('check_ins_trainee_week_idx').on(table.trainee_id, table.week),
    // The review list (by trainer) and the Hoy rule (by trainer and trainee) read it.
    index('check_ins_pending_idx')
      .on(table.trainer_id, table.trainee_id, table.submitted_on)
      .where(sql`${table.replied_at} is null`),
    index('check_ins_trainer_trainee_idx').on(table.trainer_id, table.trainee_id, table.week),
    check(
      'check_ins_reply_check',
      sql`(${table.reply} is null) = (${table.replied_at} is null) and char_length(coalesce(${table.reply}, 'x')) between 1 and 4000`,
    ),
  ],
);

/**
 * A progress photo of a check-in, one per pose. The id is random and is the only way to ask
 * for it; the bytes live in the object store under `storage_key`.
 */
export const progressPhotos = pgTable(
  'progress_photos',
  {
    id: uuid('id').primaryKey(),
    check_in_id: uuid('check_in_id')
      .notNull()
      .references(() => checkIns.id, { onDelete: 'cascade' }),
    trainee_id: person('trainee_id'),
    pose: text('pose', { enum: PHOTO_POSES }).notNull(),
    storage_key: text('storage_key').notNull(),
    content_type: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('progress_photos_check_in_pose_idx').on(table.check_in_id, table.pose),
    index('progress_photos_trainee_id_idx').on(table.trainee_id),
    check('progress_photos_pose_check', sql`${table.pose} in ('front', 'side', 'back')`),
  ],
);

/**
 * The week whose check-in a trainee was last told is due (decision 062): one row per trainee,
 * moved forward by the instance that sends the notice, so it goes out once a week however many
 * instances look at once.
 */
export const checkInDueNotices = pgTable('check_in_due_notices', {
  trainee_id: uuid('trainee_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  week: date('week', { mode: 'string' }).notNull(),
});
