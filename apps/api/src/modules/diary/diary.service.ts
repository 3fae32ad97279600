import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { MAX_ENTRIES_PER_DAY } from '@forja/shared/constants';
import { API_ERRORS } from '@forja/shared/errors';
import { isId } from '@forja/shared/schemas/common';
import {
  MAX_ENTRY_GRAMS,
  entryInputSchema,
  entryUpdateSchema,
  dayCompleteness,
  diaryCopySchema,
  type DayCompleteness,
  type DiaryCopy,
  type DiaryCopyResult,
  type DiaryDay,
  type DiaryEntry,
  type EntryInput,
  type EntryUpdate,
} from '@forja/shared/schemas/diary';
import { GRAMS, MILLILITRES, type Nutrients } from '@forja/shared/schemas/foods';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { lockDiaryDay } from '#db/advisory-locks';
import { readStoredDay } from '#db/diary-day';
import { inTransaction } from '#db/in-transaction';
import { diaryDays, diaryEntries } from '#db/schema/diary';
import { findVisibleFood, type FoodRow } from '#db/foods';
import { answersOf } from '#db/onboarding-answers';
import { findToday } from '#db/users';
import { insertOwnId } from './own-id';
import { AppError } from '#http/app-error';
import { dailyTargetsOf } from '#nutrition/daily-targets';
import { targetBasisOf } from '#nutrition/targets';
import { loggedDay, nutrientsFrom, toEntry } from '#nutrition/logged-day';

export interface DiaryDeps {
  db: Db;
  clock: Clock;
}

type EntryRow = typeof diaryEntries.$inferSelect;

const QUICK_ADD_NAME = 'Añadido rápido';

/**
 * One day of the diary, with the person's targets to hold it against: one statement reads
 * the day, the answers and the trainer's override together.
 */
export async function getDay(deps: DiaryDeps, userId: string, date: string): Promise<DiaryDay> {
  const stored = await readStoredDay(deps.db, userId, date);
  const targets = dailyTargetsOf(
    answersOf(stored.answers),
    stored.override,
    deps.clock.now(),
    targetBasisOf(stored.basis),
  );
  const day = loggedDay(date, stored);
  return {
    ...day,
    targets,
    completeness: dayCompleteness(day.completeness_marked, day.totals.kcal, targets?.kcal ?? null),
  };
}

/** Grams in one `unit` of a food: 1 for g, its density for ml, or a portion's weight. */
function gramsPerUnit(food: FoodRow, unit: string): number {
  if (unit === GRAMS) return 1;
  if (unit === MILLILITRES) {
    if (food.density_g_per_ml === null) throw new AppError('invalidServing');
    return food.density_g_per_ml;
  }
  const portion = food.portions.find((candidate) => candidate.name === unit);
  if (!portion) throw new AppError('invalidServing');
  return portion.grams;
}

function checkGrams(grams: number) {
  if (grams > MAX_ENTRY_GRAMS) {
    throw new AppError('validation', {
      message: `La cantidad no puede superar ${MAX_ENTRY_GRAMS / 1000} kg`,
      fields: { quantity: `La cantidad no puede superar ${MAX_ENTRY_GRAMS / 1000} kg` },
    });
  }
}

function scaled(values: Nutrients, factor: number): Nutrients {
  return nutrientsFrom((key) => values[key] * factor);
}

async function entriesOf(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(diaryEntries).where(where);
  return row?.n ?? 0;
}

/**
 * Locks a day of the person's diary for the rest of the transaction and checks that `adding`
 * more entries fit in it (decision 044).
 */
async function makeRoom(db: Db, userId: string, date: string, adding: number): Promise<void> {
  await lockDiaryDay(db, userId, date);
  const held = await entriesOf(
    db,
    and(eq(diaryEntries.user_id, userId), eq(diaryEntries.date, date)),
  );
  if (held + adding <= MAX_ENTRIES_PER_DAY) return;
  if (adding === 1) throw new AppError('diaryDayFull');
  const room = Math.max(MAX_ENTRIES_PER_DAY - held, 0);
  const { message } = API_ERRORS.diaryDayFull;
  throw new AppError('diaryDayFull', {
    message:
      room === 0
        ? `${message} y ese día ya está completo`
        : `${message}: caben ${room} más y la copia tiene ${adding}`,
  });
}

export async function createEntry(
  deps: DiaryDeps,
  userId: string,
  input: EntryInput,
): Promise<DiaryEntry> {
  const entry = entryInputSchema.parse(input);
  const base = {
    user_id: userId,
    date: entry.date,
    meal: entry.meal,
    created_at: deps.clock.now(),
  };
  let values: typeof diaryEntries.$inferInsert;
  if (entry.kind === 'food') {
    const food = await findVisibleFood(deps.db, userId, entry.food_id);
    if (!food) throw new AppError('foodNotFound');
    const unitGrams = gramsPerUnit(food, entry.unit);
    const grams = entry.quantity * unitGrams;
    checkGrams(grams);
    values = {
      ...base,
      kind: 'food',
      food_id: food.id,
      name: food.name,
      quantity: entry.quantity,
      unit: entry.unit,
      unit_grams: unitGrams,
      grams,
      ...scaled(food, grams / 100),
    };
  } else {
    values = {
      ...base,
      kind: 'quick',
      name: entry.name.trim() || QUICK_ADD_NAME,
      quantity: 0,
      unit: '',
      kcal: entry.kcal,
      protein_g: entry.protein_g,
      carbohydrate_g: entry.carbohydrate_g,
      fat_g: entry.fat_g,
      fibre_g: 0,
    };
  }
  if (entry.id !== undefined) values.id = entry.id;
  const row = await inTransaction(deps, async ({ db }) => {
    if (entry.id !== undefined) {
      // The app's own identifier (decision 069): sent again, the entry it already made.
      const [taken] = await db.select().from(diaryEntries).where(eq(diaryEntries.id, entry.id));
      if (taken) {
        if (taken.user_id !== userId) throw new AppError('idInUse');
        return taken;
      }
    }
    await makeRoom(db, userId, entry.date, 1);
    const [stored] = await insertOwnId(() => db.insert(diaryEntries).values(values).returning());
    return stored;
  });
  if (!row) throw new Error('entry not stored');
  return toEntry(row);
}

async function ownEntry(deps: DiaryDeps, userId: string, id: string): Promise<EntryRow> {
  if (!isId(id)) throw new AppError('entryNotFound');
  const [row] = await deps.db
    .select()
    .from(diaryEntries)
    .where(and(eq(diaryEntries.id, id), eq(diaryEntries.user_id, userId)));
  if (!row) throw new AppError('entryNotFound');
  return row;
}

const onlyQuick = 'Solo los añadidos rápidos tienen nombre y valores que se puedan cambiar';
const onlyFood = 'Los añadidos rápidos no tienen cantidad ni unidad';

/**
 * Changes an entry: the amount of a food (its values follow, from what the entry
 * recorded per gram), the values of a quick add, or its meal and day (moving it).
 */
export async function updateEntry(
  deps: DiaryDeps,
  userId: string,
  id: string,
  input: EntryUpdate,
): Promise<DiaryEntry> {
  const change = entryUpdateSchema.parse(input);
  const row = await ownEntry(deps, userId, id);
  const set: Partial<typeof diaryEntries.$inferInsert> = {};
  if (change.date !== undefined) set.date = change.date;
  if (change.meal !== undefined) set.meal = change.meal;

  const amountChanged = change.quantity !== undefined || change.unit !== undefined;
  const valuesChanged = [
    change.name,
    change.kcal,
    change.protein_g,
    change.carbohydrate_g,
    change.fat_g,
  ].some((value) => value !== undefined);
  if (row.kind === 'food') {
    if (valuesChanged) throw new AppError('badRequest', { message: onlyQuick });
    if (amountChanged) {
      const unit = change.unit ?? row.unit;
      let unitGrams = row.unit_grams ?? 1;
      if (unit !== row.unit) {
        const food = row.food_id ? await findVisibleFood(deps.db, userId, row.food_id) : null;
        if (!food) throw new AppError('invalidServing');
        unitGrams = gramsPerUnit(food, unit);
      }
      const quantity = change.quantity ?? row.quantity;
      const grams = quantity * unitGrams;
      checkGrams(grams);
      const oldGrams = row.grams ?? grams;
      Object.assign(set, {
        quantity,
        unit,
        unit_grams: unitGrams,
        grams,
        ...scaled(row, grams / oldGrams),
      });
    }
  } else {
    if (amountChanged) throw new AppError('badRequest', { message: onlyFood });
    if (change.name !== undefined) set.name = change.name.trim() || QUICK_ADD_NAME;
    if (change.kcal !== undefined) set.kcal = change.kcal;
    if (change.protein_g !== undefined) set.protein_g = change.protein_g;
    if (change.carbohydrate_g !== undefined) set.carbohydrate_g = change.carbohydrate_g;
    if (change.fat_g !== undefined) set.fat_g = change.fat_g;
  }
  if (Object.keys(set).length === 0) return toEntry(row);
  const updated = await inTransaction(deps, async ({ db }) => {
    // Moving an entry to another day adds to that day.
    if (set.date !== undefined && set.date !== row.date) await makeRoom(db, userId, set.date, 1);
    const [stored] = await db
      .update(diaryEntries)
      .set(set)
      .where(and(eq(diaryEntries.id, row.id), eq(diaryEntries.user_id, userId)))
      .returning();
    return stored;
  });
  if (!updated) throw new AppError('entryNotFound');
  return toEntry(updated);
}

export async function deleteEntry(deps: DiaryDeps, userId: string, id: string): Promise<void> {
  if (!isId(id)) throw new AppError('entryNotFound');
  const deleted = await deps.db
    .delete(diaryEntries)
    .where(and(eq(diaryEntries.id, id), eq(diaryEntries.user_id, userId)))
    .returning({ id: diaryEntries.id });
  if (deleted.length === 0) throw new AppError('entryNotFound');
}

/** The columns a copy carries over as they are; date, meal and time are the copy's own. */
const copiedColumns = [
  'user_id',
  'kind',
  'food_id',
  'name',
  'quantity',
  'unit',
  'unit_grams',
  'grams',
  'kcal',
  'protein_g',
  'carbohydrate_g',
  'fat_g',
  'fibre_g',
].map((column) => sql.identifier(column));

/**
 * Copies the entries of a meal, or of a whole day, to another date (and meal); what was
 * there stays. Answers the day copied to and the entries the copy made, so that an undo
 * removes those and nothing else.
 */
export async function copyEntries(
  deps: DiaryDeps,
  userId: string,
  input: DiaryCopy,
): Promise<DiaryCopyResult> {
  const copy = diaryCopySchema.parse(input);
  const toMeal = copy.to_meal ?? copy.from_meal;
  if (copy.from_date === copy.to_date && toMeal === copy.from_meal) {
    throw new AppError('copyOntoItself');
  }
  const filters = [eq(diaryEntries.user_id, userId), eq(diaryEntries.date, copy.from_date)];
  if (copy.from_meal) filters.push(eq(diaryEntries.meal, copy.from_meal));
  return inTransaction(deps, async (deps) => {
    // The day copied from is held too, so what was counted is what is copied; always in
    // date order, so that two copies between the same two days cannot wait for each other.
    for (const date of [copy.from_date, copy.to_date].sort()) {
      await lockDiaryDay(deps.db, userId, date);
    }
    const copying = await entriesOf(deps.db, and(...filters));
    if (copying === 0) {
      return { ...(await getDay(deps, userId, copy.to_date)), copied_entry_ids: [] };
    }
    await makeRoom(deps.db, userId, copy.to_date, copying);
    const columns = sql.join(copiedColumns, sql`, `);
    // One statement, whatever the number of entries, so no count of parameters can
    // overflow; rows go in the originals' order, so the copies' sequence numbers keep it.
    // The app's identifiers for the copies (decision 077), matched to the entries they copy,
    // one per entry (so the copies are the entries counted); one held already (by anyone) is
    // a 409 and nothing is copied.
    const chosen = JSON.stringify(copy.copies ?? []);
    const inserted: unknown = await insertOwnId(() =>
      deps.db.execute(sql`
      insert into ${diaryEntries} (id, ${columns}, date, meal, created_at)
      select coalesce(chosen.id, gen_random_uuid()), ${columns}, ${copy.to_date}::date,
        ${toMeal ?? sql.identifier('meal')}, ${deps.clock.now().toISOString()}::timestamptz
      from ${diaryEntries}
      left join (
        select distinct on (entry_id) entry_id, id
        from jsonb_to_recordset(${chosen}::jsonb) as named(entry_id uuid, id uuid)
      ) as chosen on chosen.entry_id = ${diaryEntries.id}
      where ${and(...filters)}
      order by ${diaryEntries.seq}
      returning id`),
    );
    // Both drivers answer { rows }; the shared Drizzle type does not say so.
    const copied = (inserted as { rows: { id: string }[] }).rows.map((row) => row.id);
    return { ...(await getDay(deps, userId, copy.to_date)), copied_entry_ids: copied };
  });
}

async function upsertDay(
  deps: DiaryDeps,
  userId: string,
  date: string,
  change: { water_ml: number } | { notes: string } | { completeness: DayCompleteness | null },
) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(diaryDays)
    .values({ user_id: userId, date, ...change, updated_at: now })
    .onConflictDoUpdate({
      target: [diaryDays.user_id, diaryDays.date],
      set: { ...change, updated_at: now },
    })
    .returning();
  if (!row) throw new Error('day not stored');
  return row;
}

export async function setWater(deps: DiaryDeps, userId: string, date: string, waterMl: number) {
  const row = await upsertDay(deps, userId, date, { water_ml: waterMl });
  return { date: row.date, water_ml: row.water_ml };
}

export async function setNotes(deps: DiaryDeps, userId: string, date: string, notes: string) {
  const row = await upsertDay(deps, userId, date, { notes });
  return { date: row.date, notes: row.notes };
}

/**
 * Marks how fully the person logged a day (decision 065), or takes the mark away (null). A
 * day that has not begun where the person lives cannot be marked.
 */
export async function setCompleteness(
  deps: DiaryDeps,
  userId: string,
  date: string,
  completeness: DayCompleteness | null,
) {
  if (date > (await findToday(deps.db, deps.clock, userId))) throw new AppError('futureDate');
  const row = await upsertDay(deps, userId, date, { completeness });
  return { date: row.date, completeness_marked: row.completeness };
}
