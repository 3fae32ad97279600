import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const day = (name: string) => date(name, { mode: 'string' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One weighing per person and day; a second one the same day replaces the first. */
export const weightEntries = pgTable(
  'weight_entries',
  {
    user_id: owner(),
    date: day('date').notNull(),
    weight_kg: doublePrecision('weight_kg').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.date] }),
    check('weight_entries_weight_check', sql`${table.weight_kg} > 0`),
  ],
);

/** Body measurements in centimetres, one set per person and day; any may be missing. */
export const bodyMeasurements = pgTable(
  'body_measurements',
  {
    user_id: owner(),
    date: day('date').notNull(),
    waist_cm: doublePrecision('waist_cm'),
    hip_cm: doublePrecision('hip_cm'),
    chest_cm: doublePrecision('chest_cm'),
    arm_cm: doublePrecision('arm_cm'),
    thigh_cm: doublePrecision('thigh_cm'),
    neck_cm: doublePrecision('neck_cm'),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.date] })],
);
