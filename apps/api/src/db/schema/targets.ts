import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TARGET_CHANGE_KINDS } from '@forja/shared/schemas/targets';
import { EXPENDITURE_CONFIDENCES } from '@forja/shared/schemas/expenditure';
import { PROPOSAL_STATUSES } from '@forja/shared/schemas/target-proposals';
import { users } from './users';

/**
 * Targets a trainer (or an admin) prescribes for one trainee, in place of the formula's:
 * the energy, and protein and fat when given (null: from the formula). One row per trainee;
 * none means the formula decides.
 */
export const targetOverrides = pgTable(
  'target_overrides',
  {
    user_id: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    energy_kcal: integer('energy_kcal').notNull(),
    protein_g: integer('protein_g'),
    fat_g: integer('fat_g'),
    set_by: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('target_overrides_energy_check', sql`${table.energy_kcal} between 800 and 6000`),
    check('target_overrides_protein_check', sql`${table.protein_g} between 20 and 500`),
    check('target_overrides_fat_check', sql`${table.fat_g} between 10 and 300`),
  ],
);

/**
 * The history of a trainee's targets (decision 057): one row per change, written in the
 * transaction that makes it, the last 100 kept. It is the trainee's: it stays when the
 * trainer changes, and whoever may read the targets (the diary shared) reads it.
 */
export const targetChanges = pgTable(
  'target_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TARGET_CHANGE_KINDS }).notNull(),
    changed_by: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changed_at: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    energy_kcal: integer('energy_kcal'),
    protein_g: integer('protein_g'),
    fat_g: integer('fat_g'),
    formula_energy_kcal: integer('formula_energy_kcal'),
    /** For a weekly proposal approved or accepted: the expenditure it came from. */
    expenditure_kcal: integer('expenditure_kcal'),
    /** Order of the changes (times may be equal). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('target_changes_user_id_seq_idx').on(table.user_id, table.seq),
    // An account's deletion sets its changes' author to null.
    index('target_changes_changed_by_idx').on(table.changed_by),
  ],
);

/**
 * The weekly proposals of a new energy target (decision 066): at most one a week per
 * trainee, at most one pending, the last 26 kept. A proposal keeps the figures it was made
 * from, so its history says why.
 */
export const targetProposals = pgTable(
  'target_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday of the week it is for, where the trainee lives. */
    week: date('week', { mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull(),
    current_energy_kcal: integer('current_energy_kcal').notNull(),
    proposed_energy_kcal: integer('proposed_energy_kcal').notNull(),
    aim_energy_kcal: integer('aim_energy_kcal').notNull(),
    energy_floor_kcal: integer('energy_floor_kcal').notNull(),
    expenditure_kcal: integer('expenditure_kcal').notNull(),
    margin_kcal: integer('margin_kcal').notNull(),
    confidence: text('confidence', { enum: EXPENDITURE_CONFIDENCES }).notNull(),
    formula_tdee_kcal: integer('formula_tdee_kcal').notNull(),
    days_logged: integer('days_logged').notNull(),
    weigh_ins: integer('weigh_ins').notNull(),
    decided_energy_kcal: integer('decided_energy_kcal'),
    decided_by: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('target_proposals_user_id_week_idx').on(table.user_id, table.week),
    uniqueIndex('target_proposals_one_pending_idx')
      .on(table.user_id)
      .where(sql`${table.status} = 'pending'`),
    index('target_proposals_decided_by_idx').on(table.decided_by),
    check(
      'target_proposals_status_check',
      sql`${table.status} in ('pending', 'approved', 'rejected', 'accepted', 'kept', 'expired')`,
    ),
  ],
);
