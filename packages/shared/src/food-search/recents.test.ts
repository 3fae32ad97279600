import { describe, expect, it } from 'vitest';
import type { Food } from '../schemas/foods';
import { kcalOf, usualAmount, withFoodUsed } from './recents';

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

describe('the amount remembered per food', () => {
  const oil = food('Aceite de oliva', {
    kcal: 884,
    density_g_per_ml: 0.92,
    portions: [
      { name: '1 cucharada', grams: 13.5 },
      { name: '1 cucharadita', grams: 4.5 },
    ],
  });

  it('is offered first when the food still has its unit', () => {
    expect(usualAmount({ ...oil, last_amount: { quantity: 2, unit: '1 cucharadita' } })).toEqual({
      quantity: 2,
      unit: '1 cucharadita',
    });
    expect(usualAmount(oil, { quantity: 30, unit: 'ml' })).toEqual({ quantity: 30, unit: 'ml' });
  });

  it('gives way to one portion, or 100 g, when there is none or its unit is gone', () => {
    expect(usualAmount(oil)).toEqual({ quantity: 1, unit: '1 cucharada' });
    expect(usualAmount(oil, { quantity: 1, unit: '1 taza' })).toEqual({
      quantity: 1,
      unit: '1 cucharada',
    });
    expect(usualAmount(food('Pan'), { quantity: 1, unit: 'ml' })).toEqual({
      quantity: 100,
      unit: 'g',
    });
  });

  it('gives the energy of that amount: a tablespoon of oil is 119 kcal, not 884', () => {
    expect(Math.round(kcalOf(oil, usualAmount(oil)))).toBe(119);
  });

  it('follows a food just logged in the list', () => {
    const list = [food('Pan'), { ...oil, last_amount: { quantity: 1, unit: '1 cucharada' } }];
    const [first] = withFoodUsed(list, oil, 10, { quantity: 3, unit: '1 cucharadita' });
    expect(first?.last_amount).toEqual({ quantity: 3, unit: '1 cucharadita' });
    // Logged from a search answer, which carries no amount: the list's stays.
    const [again] = withFoodUsed(list, oil, 10);
    expect(again?.last_amount).toEqual({ quantity: 1, unit: '1 cucharada' });
  });
});
