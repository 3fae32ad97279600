import { QueryClient } from '@tanstack/react-query';
import type { DiaryDay, DiaryEntry } from '@forja/shared/schemas/diary';
import type { Today } from '@forja/shared/schemas/today';
import { describe, expect, it } from 'vitest';
import { todayKey } from '#lib/query-keys';
import { aToday, anEmptyDay, anUser } from '#test/fake-api';
import type { Food } from '@forja/shared/schemas/foods';
import { showAddedEntry, showChangedEntry, showRemovedEntry, showUsedFood } from './optimistic-api';

const date = aToday.date;

function entry(fields: Partial<DiaryEntry> = {}): DiaryEntry {
  return {
    id: '0b7e3c52-9a1f-4d6e-8c2b-5f4a3e2d1c0b',
    date,
    meal: 'desayuno',
    kind: 'food',
    food_id: '3c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
    name: 'Tortilla de patatas',
    quantity: 150,
    unit: 'g',
    grams: 150,
    kcal: 300,
    protein_g: 10,
    carbohydrate_g: 25,
    fat_g: 18,
    fibre_g: 2,
    ...fields,
  };
}

/** A cache holding the day and home's summary of today, as after opening both. */
function cacheWithDay(day = date) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['diary', day], anEmptyDay(day));
  queryClient.setQueryData(todayKey(anUser.id), aToday);
  return queryClient;
}

const intakeOf = (queryClient: QueryClient) =>
  queryClient.getQueryData<Today>(todayKey(anUser.id))?.intake;

describe("home's summary of today follows what is logged before the API has it", () => {
  it('adds, scales and takes away an entry of today', () => {
    const queryClient = cacheWithDay();
    const tortilla = entry();
    showAddedEntry(queryClient, tortilla);
    // Shown twice (a retry), counted once.
    showAddedEntry(queryClient, tortilla);
    expect(intakeOf(queryClient)).toEqual({
      energy_kcal: 300,
      protein_g: 10,
      carbohydrate_g: 25,
      fat_g: 18,
      fibre_g: 2,
    });
    showChangedEntry(queryClient, tortilla, { quantity: 300 });
    expect(intakeOf(queryClient)?.energy_kcal).toBe(600);
    showRemovedEntry(queryClient, date, tortilla.id);
    expect(intakeOf(queryClient)).toEqual(aToday.intake);
  });

  it('leaves today alone when the entry is of another day', () => {
    const yesterday = '2026-11-20';
    const queryClient = cacheWithDay(yesterday);
    showAddedEntry(queryClient, entry({ date: yesterday }));
    expect(intakeOf(queryClient)).toEqual(aToday.intake);
    expect(queryClient.getQueryData<DiaryDay>(['diary', yesterday])?.totals.kcal).toBe(300);
  });

  it('moves an entry off today: today loses it', () => {
    const queryClient = cacheWithDay();
    queryClient.setQueryData(['diary', '2026-11-22'], anEmptyDay('2026-11-22'));
    const tortilla = entry();
    showAddedEntry(queryClient, tortilla);
    expect(intakeOf(queryClient)?.energy_kcal).toBe(300);
    showChangedEntry(queryClient, tortilla, { date: '2026-11-22' });
    expect(intakeOf(queryClient)?.energy_kcal).toBe(0);
    expect(queryClient.getQueryData<DiaryDay>(['diary', '2026-11-22'])?.totals.kcal).toBe(300);
  });
});

describe('a food just logged, before the API has it', () => {
  const food = (name: string, favourite = false): Food =>
    ({ id: `id-${name}`, name, favourite, recent: true }) as Food;

  it('leads the recent foods the app holds; the lists by meal wait for the API', () => {
    const queryClient = new QueryClient();
    const recents = [food('Café', true), food('Pan'), food('Huevo')];
    queryClient.setQueryData(['foods', 'search', ''], recents);
    queryClient.setQueryData(['foods', 'search', '', 'desayuno'], recents);
    showUsedFood(queryClient, food('Huevo'));
    const names = (key: unknown[]) =>
      queryClient.getQueryData<Food[]>(key)?.map((shown) => shown.name);
    expect(names(['foods', 'search', ''])).toEqual(['Café', 'Huevo', 'Pan']);
    expect(names(['foods', 'search', '', 'desayuno'])).toEqual(['Café', 'Pan', 'Huevo']);
  });
});
