import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import {
  EQUIPMENT,
  MUSCLE_GROUPS,
  type Equipment,
  type MuscleGroup,
} from '@forja/shared/schemas/diary';
import { FOOD_STATES, type FoodState, type Portion } from '@forja/shared/schemas/foods';
import type { Db } from '#db/client';
import { exercises, foods, referenceData } from '#db/schema/foods';
import { referenceDataFolder } from '#paths';
import { searchTextOf } from '@forja/shared/search-text';
import { ALLERGEN_RULES, allergensOfName, type Allergen } from '@forja/shared/allergens';
import { ALLERGENS } from '@forja/shared/schemas/onboarding';
import { refreshRecipeAllergens } from '#db/recipe-allergens';

/** A row of the shipped food table, per 100 g. */
interface TableFood {
  key: string;
  name: string;
  aliases: string[];
  kcal: number;
  protein_g: number;
  carbohydrate_g: number;
  fat_g: number;
  fibre_g: number;
  alcohol_g: number;
  density_g_per_ml: number | null;
  portions: Portion[];
  state: FoodState | null;
  commonness: number;
  source: string;
  /**
   * What a composed dish contains besides what its name says: the allergens of its
   * ingredients' names. Empty for the other rows, whose allergens are read from the name.
   */
  allergens: Allergen[];
}

interface LibraryExercise {
  key: string;
  name: string;
  muscle_group: MuscleGroup;
  equipment: Equipment;
}

const FOODS_FILE = 'foods.es.csv';
const DISHES_FILE = 'dishes.es.csv';
const EXERCISES_FILE = 'exercises.es.csv';

/**
 * The rows of a data file: `;`-separated, a header line naming the columns, no quoting
 * (no field holds a `;`). A malformed line stops the load with its line number.
 */
function readRows(
  file: string,
  columns: readonly string[],
): { line: number; cells: Record<string, string> }[] {
  const text = readFileSync(`${referenceDataFolder}/${file}`, 'utf8');
  const [header, ...lines] = text.split(/\r?\n/);
  if (header !== columns.join(';')) throw new Error(`${file}: unexpected header "${header ?? ''}"`);
  return lines.flatMap((content, index) => {
    if (content.trim() === '') return [];
    const values = content.split(';');
    const line = index + 2;
    if (values.length !== columns.length) {
      throw new Error(`${file}:${line}: ${values.length} fields, expected ${columns.length}`);
    }
    const cells = Object.fromEntries(
      columns.map((column, at) => [column, values[at]?.trim() ?? '']),
    );
    return [{ line, cells }];
  });
}

function numberIn(file: string, line: number, column: string, value: string | undefined): number {
  const parsed = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(parsed) || parsed < 0) {
    throw new Error(`${file}:${line}: ${column} is not a number: "${value ?? ''}"`);
  }
  return parsed;
}

const FOOD_COLUMNS = [
  'key',
  'name',
  'aliases',
  'kcal',
  'protein_g',
  'carbohydrate_g',
  'fat_g',
  'fibre_g',
  'alcohol_g',
  'density_g_per_ml',
  'portions',
  'state',
  'commonness',
  'source',
] as const;

/** The rows of foods.es.csv, each from a public table (or a recipe worked out by hand). */
function readBaseFoods(): TableFood[] {
  return readRows(FOODS_FILE, FOOD_COLUMNS).map(({ line, cells }) => {
    const number = (column: (typeof FOOD_COLUMNS)[number]) =>
      numberIn(FOODS_FILE, line, column, cells[column]);
    const portions = (cells.portions ?? '')
      .split('|')
      .filter((portion) => portion !== '')
      .map((portion) => {
        const [name = '', grams] = portion.split('=');
        return { name: name.trim(), grams: numberIn(FOODS_FILE, line, 'portions', grams) };
      });
    const state = cells.state ?? '';
    if (state !== '' && !isOneOf(FOOD_STATES, state)) {
      throw new Error(`${FOODS_FILE}:${line}: unknown state "${state}"`);
    }
    return {
      key: cells.key ?? '',
      name: cells.name ?? '',
      aliases: (cells.aliases ?? '').split('|').filter((alias) => alias !== ''),
      kcal: number('kcal'),
      protein_g: number('protein_g'),
      carbohydrate_g: number('carbohydrate_g'),
      fat_g: number('fat_g'),
      fibre_g: number('fibre_g'),
      alcohol_g: number('alcohol_g'),
      density_g_per_ml: cells.density_g_per_ml ? number('density_g_per_ml') : null,
      portions,
      state: state === '' ? null : state,
      commonness: number('commonness'),
      source: cells.source ?? '',
      allergens: [],
    };
  });
}

const DISH_COLUMNS = [
  'key',
  'name',
  'aliases',
  'ingredients',
  'cooked_weight_g',
  'density_g_per_ml',
  'portions',
  'commonness',
] as const;

/** Water in a dish: it weighs, and brings nothing else. */
const WATER = 'agua';

type Nutrient = 'kcal' | 'protein_g' | 'carbohydrate_g' | 'fat_g' | 'fibre_g' | 'alcohol_g';

const rounded = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * The composed dishes of dishes.es.csv, each worked out from its ingredients: rows of
 * foods.es.csv (`base`) by key with their grams as weighed (`key=grams|…`), or water. Its
 * values per 100 g are those of the ingredients over what the dish weighs once cooked
 * (`cooked_weight_g`, or the ingredients' weight when empty); it contains what its
 * ingredients' names say it does, and its source names the recipe.
 */
function readDishes(base: TableFood[]): TableFood[] {
  const byKey = new Map(base.map((food) => [food.key, food]));
  const named = new Map<string, Allergen[]>();
  const allergensOf = (food: TableFood) => {
    let allergens = named.get(food.key);
    if (!allergens) {
      allergens = allergensOfName(food.name);
      named.set(food.key, allergens);
    }
    return allergens;
  };
  return readRows(DISHES_FILE, DISH_COLUMNS).map(({ line, cells }) => {
    const where = `${DISHES_FILE}:${line}`;
    const parts = (cells.ingredients ?? '')
      .split('|')
      .filter((part) => part !== '')
      .map((part) => {
        const [key = '', grams] = part.split('=');
        const food = key === WATER ? null : byKey.get(key.trim());
        if (food === undefined) throw new Error(`${where}: no row "${key}" in ${FOODS_FILE}`);
        if (food?.source.startsWith('Receta')) {
          throw new Error(`${where}: "${key}" is a recipe; list its ingredients instead`);
        }
        return { key: key.trim(), food, grams: numberIn(DISHES_FILE, line, 'ingredients', grams) };
      });
    if (parts.length === 0) throw new Error(`${where}: a dish needs ingredients`);
    const weight = parts.reduce((sum, part) => sum + part.grams, 0);
    const cooked = cells.cooked_weight_g
      ? numberIn(DISHES_FILE, line, 'cooked_weight_g', cells.cooked_weight_g)
      : weight;
    if (!(cooked > 0)) throw new Error(`${where}: cooked_weight_g must be above 0`);
    const per100 = (nutrient: Nutrient) =>
      parts.reduce((sum, { food, grams }) => sum + (food ? food[nutrient] * grams : 0), 0) / cooked;
    const contained = new Set(parts.flatMap(({ food }) => (food ? allergensOf(food) : [])));
    const ingredientsText = parts.map(({ key, grams }) => `${key} ${String(grams)} g`).join(', ');
    const portions = (cells.portions ?? '')
      .split('|')
      .filter((portion) => portion !== '')
      .map((portion) => {
        const [name = '', grams] = portion.split('=');
        return { name: name.trim(), grams: numberIn(DISHES_FILE, line, 'portions', grams) };
      });
    return {
      key: cells.key ?? '',
      name: cells.name ?? '',
      aliases: (cells.aliases ?? '').split('|').filter((alias) => alias !== ''),
      kcal: rounded(per100('kcal'), 0),
      protein_g: rounded(per100('protein_g'), 2),
      carbohydrate_g: rounded(per100('carbohydrate_g'), 2),
      fat_g: rounded(per100('fat_g'), 2),
      fibre_g: rounded(per100('fibre_g'), 2),
      alcohol_g: rounded(per100('alcohol_g'), 2),
      density_g_per_ml: cells.density_g_per_ml
        ? numberIn(DISHES_FILE, line, 'density_g_per_ml', cells.density_g_per_ml)
        : null,
      portions,
      state: null,
      commonness: numberIn(DISHES_FILE, line, 'commonness', cells.commonness),
      source: `Receta Forja: ${ingredientsText} (rinde ${String(cooked)} g)`,
      allergens: ALLERGENS.filter((allergen) => contained.has(allergen)),
    };
  });
}

/** The shipped food table: the rows of foods.es.csv, then the dishes worked out from them. */
export function readTableFoods(): TableFood[] {
  const base = readBaseFoods();
  return [...base, ...readDishes(base)];
}

const EXERCISE_COLUMNS = ['key', 'name', 'muscle_group', 'equipment'] as const;

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

export function readLibraryExercises(): LibraryExercise[] {
  return readRows(EXERCISES_FILE, EXERCISE_COLUMNS).map(({ line, cells }) => {
    const muscleGroup = cells.muscle_group ?? '';
    const equipment = cells.equipment ?? '';
    if (!isOneOf(MUSCLE_GROUPS, muscleGroup) || !isOneOf(EQUIPMENT, equipment)) {
      throw new Error(`${EXERCISES_FILE}:${line}: unknown muscle group or equipment`);
    }
    return { key: cells.key ?? '', name: cells.name ?? '', muscle_group: muscleGroup, equipment };
  });
}

function fileVersion(file: string): string {
  return createHash('sha256')
    .update(readFileSync(`${referenceDataFolder}/${file}`))
    .digest('hex');
}

/**
 * The food table's version: both of its files and the rules that read allergens from names,
 * which the dishes' stored allergens and the recipes' come from.
 */
function foodsVersion(): string {
  return createHash('sha256')
    .update(fileVersion(FOODS_FILE))
    .update(fileVersion(DISHES_FILE))
    .update(JSON.stringify(ALLERGEN_RULES))
    .digest('hex');
}

async function loadedVersion(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select().from(referenceData).where(eq(referenceData.name, name));
  return row?.version;
}

async function markLoaded(db: Db, name: string, version: string) {
  await db
    .insert(referenceData)
    .values({ name, version })
    .onConflictDoUpdate({ target: referenceData.name, set: { version, loaded_at: sql`now()` } });
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * Brings the shipped food table and exercise library into the database: rows are matched
 * by key, so ids (and the diary entries and favourites pointing at them) survive a new
 * version of a file. A file that has not changed since the last load is not read again.
 * Rows dropped from a file stay in the database.
 */
export async function loadReferenceData(db: Db): Promise<void> {
  const tableVersion = foodsVersion();
  if ((await loadedVersion(db, FOODS_FILE)) !== tableVersion) {
    await db.transaction(async (tx) => {
      const rows = readTableFoods().map(({ aliases, ...food }) => ({
        ...food,
        aliases: aliases.join('|'),
        search_text: searchTextOf(food.name, aliases),
      }));
      await tx
        .insert(foods)
        .values(rows)
        .onConflictDoUpdate({
          target: foods.key,
          set: Object.fromEntries(
            [
              'name',
              'aliases',
              'search_text',
              'kcal',
              'protein_g',
              'carbohydrate_g',
              'fat_g',
              'fibre_g',
              'alcohol_g',
              'density_g_per_ml',
              'portions',
              'state',
              'commonness',
              'source',
              'allergens',
            ].map((column) => [column, excluded(column)]),
          ),
        });
      // What the table's foods contain may have changed: so may the recipes made of them.
      await refreshRecipeAllergens(tx, null);
      await markLoaded(tx, FOODS_FILE, tableVersion);
    });
  }

  const exercisesVersion = fileVersion(EXERCISES_FILE);
  if ((await loadedVersion(db, EXERCISES_FILE)) !== exercisesVersion) {
    await db.transaction(async (tx) => {
      await tx
        .insert(exercises)
        .values(readLibraryExercises())
        .onConflictDoUpdate({
          target: exercises.key,
          set: Object.fromEntries(
            ['name', 'muscle_group', 'equipment'].map((column) => [column, excluded(column)]),
          ),
        });
      await markLoaded(tx, EXERCISES_FILE, exercisesVersion);
    });
  }
}
