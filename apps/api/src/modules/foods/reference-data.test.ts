import { describe, expect, it } from 'vitest';
import { EQUIPMENT, MUSCLE_GROUPS } from '@forja/shared/schemas/diary';
import { foldForSearch } from '@forja/shared/search-text';
import { readLibraryExercises, readTableFoods } from './reference-data';

const foods = readTableFoods();
const exercises = readLibraryExercises();

/**
 * Energy from the macronutrients with the general factors: 4 kcal/g of protein, 4 of
 * available carbohydrate, 9 of fat, and 2 of fibre. The table's carbohydrate is USDA's
 * "by difference", which includes the fibre, so the fibre is taken out of it first.
 */
function energyFromMacros(food: (typeof foods)[number]): number {
  const available = food.carbohydrate_g - food.fibre_g;
  return 4 * food.protein_g + 4 * available + 2 * food.fibre_g + 9 * food.fat_g;
}

describe('the food table', () => {
  it('has at least 400 foods, each with a unique key and name', () => {
    expect(foods.length).toBeGreaterThanOrEqual(400);
    expect(new Set(foods.map((food) => food.key)).size).toBe(foods.length);
    expect(new Set(foods.map((food) => foldForSearch(food.name))).size).toBe(foods.length);
  });

  it('gives every food an energy within 15 % of 4/4/9 (fibre at 2 kcal/g)', () => {
    const off = foods
      .map((food) => ({ key: food.key, kcal: food.kcal, macros: energyFromMacros(food) }))
      .filter(({ kcal, macros }) => Math.abs(macros - kcal) > 0.15 * kcal)
      .map(({ key, kcal, macros }) => `${key}: ${kcal} kcal vs ${macros.toFixed(0)} from macros`);
    expect(off).toEqual([]);
  });

  it('has values a food can have per 100 g', () => {
    for (const food of foods) {
      expect(food.kcal, food.key).toBeGreaterThan(0);
      expect(food.protein_g + food.carbohydrate_g + food.fat_g, food.key).toBeLessThanOrEqual(100);
      expect(food.fibre_g, food.key).toBeLessThanOrEqual(food.carbohydrate_g);
    }
  });

  it('records where each row comes from', () => {
    for (const food of foods) {
      expect(food.source, food.key).toMatch(
        /^USDA FDC (SR Legacy|Foundation|Survey \(FNDDS\)): \S/,
      );
    }
  });

  it('gives portions a name and a weight, and a density only to what is poured', () => {
    for (const food of foods) {
      for (const portion of food.portions) {
        expect(portion.name, food.key).toMatch(/^\S/);
        expect(portion.grams, food.key).toBeGreaterThan(0);
      }
      if (food.density_g_per_ml !== null) {
        expect(food.density_g_per_ml, food.key).toBeGreaterThan(0.8);
        expect(food.density_g_per_ml, food.key).toBeLessThan(1.5);
      }
    }
    const egg = foods.find((food) => food.key === 'huevo');
    expect(egg?.portions).toContainEqual({ name: '1 huevo', grams: 50 });
    const bread = foods.find((food) => food.key === 'pan-molde');
    expect(bread?.portions).toContainEqual({ name: '1 rebanada', grams: 25 });
  });
});

describe('the exercise library', () => {
  it('has at least 100 exercises with unique keys and names', () => {
    expect(exercises.length).toBeGreaterThanOrEqual(100);
    expect(new Set(exercises.map((exercise) => exercise.key)).size).toBe(exercises.length);
    expect(new Set(exercises.map((exercise) => exercise.name)).size).toBe(exercises.length);
  });

  it('covers every muscle group and names the equipment', () => {
    const groups = new Set(exercises.map((exercise) => exercise.muscle_group));
    expect([...groups].sort()).toEqual([...MUSCLE_GROUPS].sort());
    for (const exercise of exercises) expect(EQUIPMENT).toContain(exercise.equipment);
  });
});
