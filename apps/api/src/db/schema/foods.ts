import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EQUIPMENT, MUSCLE_GROUPS } from '@forja/shared/schemas/diary';
import { FOOD_STATES, type Portion } from '@forja/shared/schemas/foods';
import { ALLERGENS } from '@forja/shared/schemas/onboarding';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Foods, per 100 g: the table shipped with Forja (`key` set, no owner) and each person's
 * own (owner set, no key).
 */
export const foods = pgTable(
  'foods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable name of a shipped food in the data file; null for one's own foods. */
    key: text('key'),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    aliases: text('aliases').notNull().default(''),
    /**
     * Name and aliases folded to lower case without accents, the form searches compare;
     * the name comes first, so a prefix match on this column is a prefix match on the name.
     */
    search_text: text('search_text').notNull(),
    kcal: doublePrecision('kcal').notNull(),
    protein_g: doublePrecision('protein_g').notNull(),
    carbohydrate_g: doublePrecision('carbohydrate_g').notNull(),
    fat_g: doublePrecision('fat_g').notNull(),
    fibre_g: doublePrecision('fibre_g').notNull(),
    /** Counted in `kcal` at 7 kcal/g; 0 for all but drinks with alcohol. */
    alcohol_g: doublePrecision('alcohol_g').notNull().default(0),
    density_g_per_ml: doublePrecision('density_g_per_ml'),
    portions: jsonb('portions').$type<Portion[]>().notNull().default([]),
    /** A shipped food weighed raw or dry, before cooking; null when as eaten (decision 070). */
    state: text('state', { enum: FOOD_STATES }),
    /**
     * How commonly a shipped food is eaten and logged, 0 to 2: the search puts the everyday
     * foods first among equal matches (decision 070). 0 for one's own foods.
     */
    commonness: integer('commonness').notNull().default(0),
    source: text('source').notNull().default(''),
    /**
     * The product's GTIN, digits only, check digit validated at the edge (decision 073);
     * one per owner, and one among the products shared with Forja (no owner).
     */
    barcode: text('barcode'),
    /** The product's brand as the label prints it; '' when none. */
    brand: text('brand').notNull().default(''),
    /**
     * One's own food made of others (decision 072): its values per 100 g are worked out from
     * `recipe_ingredients` when it is saved, and its "1 ración" portion from its servings.
     */
    is_recipe: boolean('is_recipe').notNull().default(false),
    /** Servings the recipe makes; null when it is logged by grams only. */
    servings: integer('servings'),
    /** The dish's weight once cooked; null when it weighs what its ingredients do. */
    cooked_weight_g: doublePrecision('cooked_weight_g'),
    /**
     * The EU allergens one's own food contains, as the person ticked them. Empty on the
     * shipped table's rows: theirs are read from the name once per process (decision 073).
     */
    allergens: text('allergens', { enum: ALLERGENS }).array().notNull().default([]),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('foods_key_key').on(table.key),
    index('foods_owner_id_idx').on(table.owner_id),
    uniqueIndex('foods_owner_barcode_key')
      .on(table.owner_id, table.barcode)
      .where(sql`${table.owner_id} is not null and ${table.barcode} is not null`),
    uniqueIndex('foods_shared_barcode_key')
      .on(table.barcode)
      .where(sql`${table.owner_id} is null and ${table.barcode} is not null`),
    check('foods_barcode_digits_check', sql`${table.barcode} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check('foods_owner_or_key_check', sql`(${table.key} is null) <> (${table.owner_id} is null)`),
    check('foods_recipe_owner_check', sql`not ${table.is_recipe} or ${table.owner_id} is not null`),
    check('foods_servings_check', sql`${table.servings} between 1 and 100`),
    check('foods_cooked_weight_check', sql`${table.cooked_weight_g} > 0`),
    check('foods_allergens_check', sql`${table.allergens} <@ array[${inList(ALLERGENS)}]::text[]`),
    check('foods_alcohol_check', sql`${table.alcohol_g} >= 0`),
    check('foods_state_check', sql`${table.state} in (${inList(FOOD_STATES)})`),
    check(
      'foods_nutrients_check',
      sql`${table.kcal} >= 0 and ${table.protein_g} >= 0 and ${table.carbohydrate_g} >= 0 and ${table.fat_g} >= 0 and ${table.fibre_g} >= 0`,
    ),
  ],
);

/**
 * The ingredients of a recipe (a food with `is_recipe`), in the order typed: a food the
 * recipe's owner may see and its grams, raw as weighed (decision 072).
 */
export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    recipe_id: uuid('recipe_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    food_id: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    grams: doublePrecision('grams').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.recipe_id, table.position] }),
    index('recipe_ingredients_food_id_idx').on(table.food_id),
    check('recipe_ingredients_position_check', sql`${table.position} between 0 and 49`),
    check('recipe_ingredients_grams_check', sql`${table.grams} > 0 and ${table.grams} <= 5000`),
    check('recipe_ingredients_not_itself_check', sql`${table.food_id} <> ${table.recipe_id}`),
  ],
);

export const foodFavourites = pgTable(
  'food_favourites',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    food_id: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.food_id] })],
);

/** The exercise library shipped with Forja. */
export const exercises = pgTable(
  'exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The library's key in exercises.es.csv; null for a trainer's own exercise. */
    key: text('key'),
    name: text('name').notNull(),
    muscle_group: text('muscle_group', { enum: MUSCLE_GROUPS }).notNull(),
    equipment: text('equipment', { enum: EQUIPMENT }).notNull(),
    /**
     * The trainer whose own exercise it is (decision 058). When that account goes, the row
     * stays without an owner (sessions logged with it keep their name) and nobody lists it.
     */
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at'),
  },
  (table) => [
    uniqueIndex('exercises_key_key').on(table.key),
    index('exercises_owner_id_idx').on(table.owner_id),
    check('exercises_library_or_own_check', sql`${table.key} is null or ${table.owner_id} is null`),
    check('exercises_muscle_group_check', sql`${table.muscle_group} in (${inList(MUSCLE_GROUPS)})`),
    check('exercises_equipment_check', sql`${table.equipment} in (${inList(EQUIPMENT)})`),
  ],
);

/**
 * Which version of each shipped data file the database holds, so that a start with
 * unchanged files does not rewrite them.
 */
export const referenceData = pgTable('reference_data', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  loaded_at: at('loaded_at').notNull().defaultNow(),
});
