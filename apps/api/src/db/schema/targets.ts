import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { TARGET_CHANGE_KINDS } from '@forja/shared/schemas/targets';
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
    /** Order of the changes (times may be equal). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('target_changes_user_id_seq_idx').on(table.user_id, table.seq),
    // An account's deletion sets its changes' author to null.
    index('target_changes_changed_by_idx').on(table.changed_by),
  ],
);
