import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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
