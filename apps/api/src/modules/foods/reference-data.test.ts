import { describe, expect, it } from 'vitest';
import { EQUIPMENT, MUSCLE_GROUPS } from '@forja/shared/schemas/diary';
import { foldForSearch } from '@forja/shared/search-text';
import { readLibraryExercises, readTableFoods } from './reference-data';

const foods = readTableFoods();
const exercises = readLibraryExercises();

/**
 * Energy from the macronutrients with the general factors: 4 kcal/g of protein, 4 of
 * available carbohydrate, 9 of fat, 7 of alcohol and 2 of fibre. The table's carbohydrate
 * is USDA's "by difference", which includes the fibre, so the fibre is taken out of it first.
 */
function energyFromMacros(food: (typeof foods)[number]): number {
  const available = food.carbohydrate_g - food.fibre_g;
  return (
    4 * food.protein_g + 4 * available + 2 * food.fibre_g + 9 * food.fat_g + 7 * food.alcohol_g
  );
}

/**
 * Rows whose energy USDA works out with the food's own factors rather than the general ones:
 * citrus fruits and their juice (2.48 kcal/g of carbohydrate), brans, cocoa, spices and
 * capers (lower factors for their fibre-rich carbohydrate), dragon fruit, and vinegars
 * (whose energy is their acetic acid, no macronutrient). Their figures are USDA's as given.
 */
const SPECIFIC_FACTORS = [
  'lima',
  'limon',
  'zumo-limon',
  'zumo-lima',
  'alcaparras',
  'wakame',
  'salvado-avena',
  'salvado-trigo',
  'cacao-puro',
  'vinagre-manzana',
  'vinagre-vino',
  'pitahaya',
  'clavo',
  'cilantro-grano',
];

/**
 * Where a row may come from: a public table whose terms allow it, named with its item's
 * code where the table has one, or a recipe of rows.
 */
const SOURCES = [
  /^USDA FDC (SR Legacy|Foundation|Survey \(FNDDS\)): \S/,
  /^USDA SR28, NDB \d{5}: \S/,
  /^CIQUAL 2020 \(ANSES, Licence Ouverte\), \d+: \S/,
  /^BEDCA \d+: \S/,
  /^Receta Forja: \S/,
  // A branded product (Cola Cao, Nesquik…), by its maker's label.
  /^Etiqueta: \S/,
];

/** A recipe's ingredients (keys of the table, or water) in grams, and what they yield. */
function recipeOf(source: string): { ingredients: [string, number][]; yieldGrams: number } {
  const match = /^Receta Forja: (.+) \(rinde ([\d.]+) g\)$/.exec(source);
  if (!match) throw new Error(`not a recipe: ${source}`);
  const ingredients = (match[1] ?? '').split(', ').map((part): [string, number] => {
    const [key = '', grams = ''] = part.split(' ');
    return [key, Number(grams.replace(/ g$/, ''))];
  });
  return { ingredients, yieldGrams: Number(match[2]) };
}

describe('the food table', () => {
  it('has at least 1000 foods, each with a unique key and name', () => {
    expect(foods.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(foods.map((food) => food.key)).size).toBe(foods.length);
    expect(new Set(foods.map((food) => foldForSearch(food.name))).size).toBe(foods.length);
  });

  it('gives every food an energy within 15 % (or 5 kcal) of Atwater with alcohol at 7 kcal/g', () => {
    const off = foods
      .filter((food) => !SPECIFIC_FACTORS.includes(food.key))
      .map((food) => ({ key: food.key, kcal: food.kcal, macros: energyFromMacros(food) }))
      .filter(({ kcal, macros }) => Math.abs(macros - kcal) > Math.max(0.15 * kcal, 5))
      .map(({ key, kcal, macros }) => `${key}: ${kcal} kcal vs ${macros.toFixed(0)} from macros`);
    expect(off).toEqual([]);
  });

  it('counts the alcohol of drinks that have it, and of nothing else', () => {
    const withAlcohol = foods.filter((food) => food.alcohol_g > 0).map((food) => food.key);
    expect(withAlcohol.sort()).toEqual(
      [
        'anis',
        'calimocho',
        'carajillo',
        'cerveza',
        'cerveza-light',
        'cerveza-sin-alcohol',
        'cerveza-trigo',
        'clara',
        'clara-cerveza-envasada',
        'cubata',
        'daiquiri',
        'destilado',
        'fino',
        'gin-tonic',
        'licor',
        'licor-cafe',
        'mojito',
        'pina-colada',
        // Its fruit is soaked in rum: CIQUAL gives it 1.2 g.
        'plum-cake',
        'ron',
        'sangria',
        'tinto-verano',
        'vino-blanco',
        'vino-dulce',
        'vino-generoso',
        'vino-rosado',
        'vino-tinto',
        'vino-tinto-es',
        'whisky',
      ].sort(),
    );
    const beer = foods.find((food) => food.key === 'cerveza');
    // 3.9 g of alcohol are 27 of its 43 kcal.
    expect(beer).toMatchObject({ kcal: 43, alcohol_g: 3.9 });
  });

  it('has values a food can have per 100 g', () => {
    for (const food of foods) {
      expect(food.kcal, food.key).toBeGreaterThan(0);
      expect(food.protein_g + food.carbohydrate_g + food.fat_g, food.key).toBeLessThanOrEqual(100);
      expect(food.fibre_g, food.key).toBeLessThanOrEqual(food.carbohydrate_g);
    }
  });

  it('records where each row comes from: an allowed table, or a recipe of its rows', () => {
    for (const food of foods) {
      expect(
        SOURCES.some((source) => source.test(food.source)),
        `${food.key}: ${food.source}`,
      ).toBe(true);
    }
  });

  it('gives a recipe the values of its ingredients, per 100 g of what they yield', () => {
    const recipes = foods.filter((food) => food.source.startsWith('Receta Forja: '));
    expect(recipes.map((food) => food.key)).toEqual(
      expect.arrayContaining([
        'tortilla-patatas',
        'gazpacho',
        'salmorejo',
        'cafe-con-leche',
        'cocido',
        'croquetas',
        'churros',
        'sangria',
      ]),
    );
    for (const recipe of recipes) {
      const { ingredients, yieldGrams } = recipeOf(recipe.source);
      const sum = (
        nutrient: 'kcal' | 'protein_g' | 'carbohydrate_g' | 'fat_g' | 'fibre_g' | 'alcohol_g',
      ) =>
        ingredients.reduce((total, [key, grams]) => {
          if (key === 'agua') return total;
          const ingredient = foods.find((food) => food.key === key);
          if (!ingredient || ingredient.source.startsWith('Receta')) {
            throw new Error(`${recipe.key}: no table row ${key}`);
          }
          return total + (ingredient[nutrient] * grams) / yieldGrams;
        }, 0);
      expect(recipe.kcal, recipe.key).toBeCloseTo(sum('kcal'), -0.5);
      const nutrients = ['protein_g', 'carbohydrate_g', 'fat_g', 'fibre_g', 'alcohol_g'] as const;
      for (const nutrient of nutrients) {
        expect(recipe[nutrient], `${recipe.key} ${nutrient}`).toBeCloseTo(sum(nutrient), 1);
      }
    }
  });

  it('names no Spanish food after a different American one', () => {
    const named = (key: string) => foods.find((food) => food.key === key);
    for (const key of ['queso-fresco', 'jamon-cocido', 'carne-seca', 'magdalena']) {
      const food = named(key);
      const text = foldForSearch([food?.name, ...(food?.aliases ?? [])].join(' '));
      expect(text, key).not.toMatch(/burgos|york|cecina|^magdalena/);
    }
    expect(foldForSearch(named('leche-semidesnatada')?.name ?? '')).toContain('2');
    expect(named('yogur-griego')?.name).toMatch(/estadounidense/);
    expect(named('guindilla')?.portions).toContainEqual({ name: '1 guindilla', grams: 5 });
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

describe('the composed dishes', () => {
  const named = (key: string) => foods.find((food) => food.key === key);

  it('are worked out from rows of the table, and carry their ingredients’ allergens', () => {
    for (const key of ['fabada', 'ceviche', 'feijoada', 'tacos-al-pastor', 'cola-cao-leche']) {
      expect(named(key)?.source, key).toMatch(/^Receta Forja: /);
    }
    // 125 g of yoghurt (129 kcal/100 g), 15 of honey (304) and 15 of walnuts (654).
    const bowl = named('yogur-griego-miel-nueces');
    expect(bowl?.kcal).toBe(Math.round((125 * 129 + 15 * 304 + 15 * 654) / 155));
    expect(bowl?.allergens).toEqual(['milk', 'tree_nuts']);
    // Soy sauce brings soy and wheat to a dish whose name says neither.
    expect(named('lomo-saltado')?.allergens).toEqual(['gluten', 'soy']);
    // Water dilutes: 500 g of dry beans and meats in 2.6 kg of fabada.
    const fabada = named('fabada');
    expect(fabada?.kcal).toBeGreaterThan(150);
    expect(fabada?.kcal).toBeLessThan(230);
    // Rows of foods.es.csv carry no allergens of their own: theirs come from the name.
    expect(
      foods
        .filter((food) => !food.source.startsWith('Receta Forja: '))
        .every((food) => food.allergens.length === 0),
    ).toBe(true);
  });
});

describe('the foods a Spanish or Latin American trainee asked for', () => {
  const named = (key: string) => foods.find((food) => food.key === key);

  it('are there as sold and eaten in Spain', () => {
    // A Spanish supermarket's «yogur griego natural» has cream added: 120 to 140 kcal.
    const greek = named('yogur-griego-natural');
    expect(greek?.kcal).toBeGreaterThanOrEqual(120);
    expect(greek?.kcal).toBeLessThanOrEqual(140);
    expect(named('yogur-griego-desnatado')?.fat_g).toBeLessThan(1);
    // A cured sheep's cheese has 35 to 40 g of fat.
    const cheese = named('queso-curado-oveja');
    expect(cheese?.fat_g).toBeGreaterThanOrEqual(35);
    expect(cheese?.fat_g).toBeLessThanOrEqual(40);
    // Fino and manzanilla are dry: alcohol and no sugar, unlike a dessert wine.
    const fino = named('fino');
    expect(fino?.alcohol_g).toBeGreaterThan(10);
    expect(fino?.carbohydrate_g).toBeLessThan(1);
    // The cocoa drinks: the powder, and the glass made with milk.
    for (const key of ['cola-cao', 'nesquik']) {
      expect(named(key)?.kcal, key).toBeGreaterThan(350);
      expect(named(`${key}-leche`)?.kcal, key).toBeLessThan(100);
    }
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
