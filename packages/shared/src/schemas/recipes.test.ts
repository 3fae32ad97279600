import { describe, expect, it } from 'vitest';
import { recipeInputSchema, recipeNutrition } from './recipes';

const food = (kcal: number, grams: number, alcohol_g = 0) => ({
  kcal,
  protein_g: kcal / 10,
  carbohydrate_g: 0,
  fat_g: 0,
  fibre_g: 0,
  alcohol_g,
  grams,
});

describe('recipeNutrition', () => {
  it('spreads the ingredients over their own weight and the servings', () => {
    const nutrition = recipeNutrition([food(100, 400), food(300, 200)], 4, null);
    expect(nutrition.total.kcal).toBeCloseTo(1000);
    expect(nutrition.total_weight_g).toBe(600);
    expect(nutrition.per_100g.kcal).toBeCloseTo(1000 / 6);
    expect(nutrition.serving_g).toBe(150);
    expect(nutrition.per_serving?.kcal).toBeCloseTo(250);
    expect(nutrition.per_serving?.protein_g).toBeCloseTo(25);
  });

  it('uses the cooked weight when given, and has no serving without servings', () => {
    const nutrition = recipeNutrition([food(100, 400), food(300, 200, 5)], null, 500);
    expect(nutrition.per_100g.kcal).toBeCloseTo(200);
    expect(nutrition.alcohol_per_100g).toBeCloseTo(2);
    expect(nutrition.serving_g).toBeNull();
    expect(nutrition.per_serving).toBeNull();
  });

  it('gives zeros, not NaN, for a recipe without ingredients yet', () => {
    const nutrition = recipeNutrition([], 2, null);
    expect(nutrition.per_100g.kcal).toBe(0);
    expect(nutrition.serving_g).toBeNull();
  });
});

describe('recipeInputSchema', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const message = (input: object) => {
    const parsed = recipeInputSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('asks for servings or a cooked weight, in Spanish that agrees with each field', () => {
    const base = { name: 'Lentejas', ingredients: [{ food_id: id, grams: 100 }] };
    expect(message(base)).toBe('Indica cuántas raciones salen o cuánto pesa el plato cocinado');
    expect(message({ ...base, servings: 0 })).toBe('Las raciones deben ser mayores que 0');
    expect(message({ ...base, cooked_weight_g: 0 })).toBe('El peso cocinado debe ser mayor que 0');
    expect(message({ ...base, servings: 4 })).toBeNull();
  });
});
