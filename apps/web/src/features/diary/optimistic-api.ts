import type { QueryClient } from '@tanstack/react-query';
import type {
  DiaryCopy,
  DiaryDay,
  DiaryEntry,
  EntryInput,
  EntryUpdate,
} from '@forja/shared/schemas/diary';
import { withFoodUsed } from '@forja/shared/food-search/recents';
import { FOOD_SEARCH_RESULTS, type Food, type FoodAmount } from '@forja/shared/schemas/foods';
import type { Today } from '@forja/shared/schemas/today';
import { isTodayQuery } from '#lib/query-keys';

/*
 * A write shows on the day at once, before the API has it (decision 077): these change the
 * day in the query cache the way the API will. The API's answer (or the next read) replaces
 * them; the kept copy of the day carries them across a reload without signal.
 */

const NUTRIENTS = ['kcal', 'protein_g', 'carbohydrate_g', 'fat_g', 'fibre_g'] as const;

/** Changes the day shown in the query cache, when it is held. */
export function changeDay(
  queryClient: QueryClient,
  date: string,
  change: (day: DiaryDay) => DiaryDay,
): void {
  queryClient.setQueryData<DiaryDay>(['diary', date], (day) => (day ? change(day) : day));
}

/** An entry added, moved or taken away: the day's totals again, and home's summary of today. */
function changeEntries(
  queryClient: QueryClient,
  date: string,
  change: (day: DiaryDay) => DiaryDay,
): void {
  const day = queryClient.setQueryData<DiaryDay>(['diary', date], (shown) =>
    shown ? withTotals(change(shown)) : shown,
  );
  if (!day) return;
  const { kcal, protein_g, carbohydrate_g, fat_g, fibre_g } = day.totals;
  const intake = { energy_kcal: kcal, protein_g, carbohydrate_g, fat_g, fibre_g };
  queryClient.setQueriesData<Today>({ predicate: isTodayQuery }, (today) =>
    today?.date === date ? { ...today, intake } : today,
  );
}

/** Totals of each meal and of the day again, from the entries. */
function withTotals(day: DiaryDay): DiaryDay {
  const sum = (entries: DiaryEntry[]) =>
    Object.fromEntries(
      NUTRIENTS.map((key) => [key, entries.reduce((total, entry) => total + entry[key], 0)]),
    ) as DiaryDay['totals'];
  const meals = day.meals.map((meal) => ({
    ...meal,
    totals: { ...meal.totals, ...sum(meal.entries) },
  }));
  return {
    ...day,
    meals,
    totals: { ...day.totals, ...sum(meals.flatMap((meal) => meal.entries)) },
  };
}

/** A food the app has read (a search, the recents, the favourites), by its id. */
export function knownFood(queryClient: QueryClient, foodId: string): Food | undefined {
  const find = (value: unknown, depth: number): Food | undefined => {
    if (depth > 4 || typeof value !== 'object' || value === null) return undefined;
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = find(item, depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    const record = value as Record<string, unknown>;
    if (record.id === foodId && Array.isArray(record.portions)) return value as Food;
    for (const item of Object.values(record)) {
      const found = find(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['foods'] })) {
    const found = find(query.state.data, 0);
    if (found) return found;
  }
  return undefined;
}

/** The grams of an amount of a food: grams, millilitres or one of its portions. */
function gramsOf(food: Food, quantity: number, unit: string): number {
  if (unit === 'ml') return quantity * (food.density_g_per_ml ?? 1);
  const portion = food.portions.find((candidate) => candidate.name === unit);
  return portion ? quantity * portion.grams : quantity;
}

/** The entry the API will make of an input; null when the food is not known here. */
export function entryOf(
  queryClient: QueryClient,
  input: EntryInput & { id: string },
): DiaryEntry | null {
  if (input.kind === 'quick') {
    return {
      id: input.id,
      date: input.date,
      meal: input.meal,
      kind: 'quick',
      food_id: null,
      name: input.name ?? '',
      quantity: 0,
      unit: '',
      grams: null,
      kcal: Number(input.kcal),
      protein_g: Number(input.protein_g ?? 0),
      carbohydrate_g: Number(input.carbohydrate_g ?? 0),
      fat_g: Number(input.fat_g ?? 0),
      fibre_g: 0,
    };
  }
  const food = knownFood(queryClient, input.food_id);
  if (!food) return null;
  const quantity = Number(input.quantity);
  const grams = gramsOf(food, quantity, input.unit);
  const scaled = (value: number) => Math.round((value * grams) / 100);
  return {
    id: input.id,
    date: input.date,
    meal: input.meal,
    kind: 'food',
    food_id: food.id,
    name: food.name,
    quantity,
    unit: input.unit,
    grams,
    ...(Object.fromEntries(NUTRIENTS.map((key) => [key, scaled(food[key])])) as Pick<
      DiaryEntry,
      (typeof NUTRIENTS)[number]
    >),
  };
}

export function showAddedEntry(queryClient: QueryClient, entry: DiaryEntry): void {
  changeEntries(queryClient, entry.date, (day) => ({
    ...day,
    meals: day.meals.map((meal) =>
      meal.meal === entry.meal && !meal.entries.some((shown) => shown.id === entry.id)
        ? { ...meal, entries: [...meal.entries, entry] }
        : meal,
    ),
  }));
}

/** The entries a copy takes: the meal's, or the whole day's, as the day copied from shows. */
function entriesCopied(queryClient: QueryClient, copy: DiaryCopy): DiaryEntry[] | undefined {
  const source = queryClient.getQueryData<DiaryDay>(['diary', copy.from_date]);
  return source?.meals
    .filter((meal) => copy.from_meal === undefined || meal.meal === copy.from_meal)
    .flatMap((meal) => meal.entries);
}

/**
 * The copy with an identifier chosen for each entry it will make, when the day copied from
 * is held: then it can show at once (`showCopiedEntries`). Otherwise as it was: it shows once
 * the API has made it.
 */
export function withChosenCopies(queryClient: QueryClient, copy: DiaryCopy): DiaryCopy {
  const entries = entriesCopied(queryClient, copy);
  if (!entries || entries.length === 0) return copy;
  return {
    ...copy,
    copies: entries.map((entry) => ({ entry_id: entry.id, id: crypto.randomUUID() })),
  };
}

/** The entries a copy named in `copies` makes, on the day copied to, as the API will. */
export function showCopiedEntries(queryClient: QueryClient, copy: DiaryCopy): void {
  const ids = new Map((copy.copies ?? []).map(({ entry_id, id }) => [entry_id, id]));
  for (const entry of entriesCopied(queryClient, copy) ?? []) {
    const id = ids.get(entry.id);
    if (!id) continue;
    showAddedEntry(queryClient, {
      ...entry,
      id,
      date: copy.to_date,
      meal: copy.to_meal ?? entry.meal,
    });
  }
}

/**
 * A food just logged leads the recent foods, with the amount logged remembered for it: in
 * the list without a query the app holds, and
 * in the device's copy that a search without signal ranks by. The API's next answer
 * replaces both.
 */
export function showUsedFood(queryClient: QueryClient, food: Food, amount?: FoodAmount): void {
  queryClient.setQueryData<Food[]>(['foods', 'search', ''], (list) =>
    list ? withFoodUsed(list, food, FOOD_SEARCH_RESULTS, amount) : list,
  );
  void import('#lib/offline/kept-foods')
    .then((kept) => kept.keepUsedFood(food, amount))
    .catch(() => undefined);
}

export function showRemovedEntry(queryClient: QueryClient, date: string, id: string): void {
  changeEntries(queryClient, date, (day) => ({
    ...day,
    meals: day.meals.map((meal) => ({
      ...meal,
      entries: meal.entries.filter((entry) => entry.id !== id),
    })),
  }));
}

/**
 * An edit: a new amount scales the entry (by the grams it now weighs, when given: another
 * unit weighs otherwise); another meal or day moves it there.
 */
export function showChangedEntry(
  queryClient: QueryClient,
  entry: DiaryEntry,
  update: EntryUpdate,
  grams?: number,
): void {
  const quantity = update.quantity == null ? undefined : Number(update.quantity);
  const factor =
    grams !== undefined && entry.grams
      ? grams / entry.grams
      : quantity !== undefined && entry.quantity > 0
        ? quantity / entry.quantity
        : 1;
  const changed: DiaryEntry = {
    ...entry,
    ...(update.date ? { date: update.date } : {}),
    ...(update.meal ? { meal: update.meal } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(update.unit ? { unit: update.unit } : {}),
    ...(update.name !== undefined ? { name: update.name } : {}),
    ...(update.kcal != null ? { kcal: Number(update.kcal) } : {}),
    ...(factor === 1
      ? {}
      : {
          grams: entry.grams === null ? null : entry.grams * factor,
          ...Object.fromEntries(NUTRIENTS.map((key) => [key, Math.round(entry[key] * factor)])),
        }),
  };
  showRemovedEntry(queryClient, entry.date, entry.id);
  showAddedEntry(queryClient, changed);
}

export function showWater(queryClient: QueryClient, date: string, waterMl: number): void {
  changeDay(queryClient, date, (day) => ({ ...day, water_ml: waterMl }));
  // Home's summary of today shows the same water.
  queryClient.setQueriesData<{ date: string; water_l: number }>(
    { predicate: isTodayQuery },
    (today) => (today?.date === date ? { ...today, water_l: waterMl / 1000 } : today),
  );
}

export function showNotes(queryClient: QueryClient, date: string, notes: string): void {
  changeDay(queryClient, date, (day) => ({ ...day, notes }));
}
