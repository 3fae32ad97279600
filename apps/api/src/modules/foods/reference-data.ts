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
import type { Db } from '../../db/client';
import { exercises, foods, referenceData } from '../../db/schema/foods';
import { referenceDataFolder } from '../../paths';
import { searchTextOf } from '@forja/shared/search-text';

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
}

interface LibraryExercise {
  key: string;
  name: string;
  muscle_group: MuscleGroup;
  equipment: Equipment;
}

const FOODS_FILE = 'foods.es.csv';
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

export function readTableFoods(): TableFood[] {
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
    };
  });
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
  const foodsVersion = fileVersion(FOODS_FILE);
  if ((await loadedVersion(db, FOODS_FILE)) !== foodsVersion) {
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
            ].map((column) => [column, excluded(column)]),
          ),
        });
      await markLoaded(tx, FOODS_FILE, foodsVersion);
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
