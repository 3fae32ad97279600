import { describe, expect, it } from 'vitest';
import type { Food } from '../schemas/foods';
import { withFoodUsed } from './recents';

const food = (name: string, marks: Partial<Food> = {}): Food => ({
  id: `id-${name}`,
  name,
  origin: 'table',
  kcal: 100,
  protein_g: 1,
  carbohydrate_g: 1,
  available_carbohydrate_g: 1,
  fat_g: 1,
  fibre_g: 0,
  alcohol_g: 0,
  density_g_per_ml: null,
  portions: [],
  state: null,
  source: 'USDA',
  barcode: null,
  brand: '',
  allergens: [],
  allergy_warnings: [],
  other_allergy_warnings: [],
  favourite: false,
  recent: true,
  ...marks,
});

const names = (list: Food[]) => list.map((shown) => shown.name);

describe('withFoodUsed', () => {
  const list = [
    food('Café', { favourite: true }),
    food('Avena', { favourite: true, recent: false }),
    food('Pan'),
    food('Huevo'),
  ];

  it('puts a food just logged first among the recent ones, after the favourites', () => {
    expect(names(withFoodUsed(list, food('Huevo'), 50))).toEqual(['Café', 'Avena', 'Huevo', 'Pan']);
    const kiwi = withFoodUsed(list, food('Kiwi', { recent: false }), 50);
    expect(names(kiwi)).toEqual(['Café', 'Avena', 'Kiwi', 'Pan', 'Huevo']);
    expect(kiwi[2]?.recent).toBe(true);
  });

  it('puts a favourite first of all, and keeps the list within its bound', () => {
    expect(names(withFoodUsed(list, food('Avena', { favourite: true }), 50))).toEqual([
      'Avena',
      'Café',
      'Pan',
      'Huevo',
    ]);
    expect(names(withFoodUsed(list, food('Kiwi'), 4))).toEqual(['Café', 'Avena', 'Kiwi', 'Pan']);
    expect(names(withFoodUsed([], food('Kiwi'), 50))).toEqual(['Kiwi']);
  });
});
