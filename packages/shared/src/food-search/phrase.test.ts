import { describe, expect, it } from 'vitest';
import {
  amountOf,
  mayBePhrase,
  parseItem,
  parsePhrase,
  type Measurable,
  type PhraseItem,
} from './phrase';

/** An item as `[amount, unit word, food words]`, to read the table below at a glance. */
const said = (item: PhraseItem) => [item.amount, item.unit?.word ?? null, item.food];

/** How people in Spain and Latin America type one food, and what must be read of it. */
const ONE_FOOD: [typed: string, amount: number | null, unit: string | null, food: string][] = [
  ['1 huevo', 1, null, 'huevo'],
  ['2 huevos', 2, null, 'huevos'],
  ['un plátano', 1, null, 'plátano'],
  ['una manzana', 1, null, 'manzana'],
  ['uno de fuet', 1, null, 'de fuet'],
  ['100 g arroz', 100, 'g', 'arroz'],
  ['100g de arroz', 100, 'g', 'arroz'],
  ['100 gr de pasta', 100, 'g', 'pasta'],
  ['150 gramos de pechuga de pollo', 150, 'g', 'pechuga de pollo'],
  ['arroz 100 g', 100, 'g', 'arroz'],
  ['arroz 100g', 100, 'g', 'arroz'],
  ['medio kilo de patatas', 0.5, 'kg', 'patatas'],
  ['1,5 kg de sandía', 1.5, 'kg', 'sandía'],
  ['0.5 kg de uvas', 0.5, 'kg', 'uvas'],
  ['vaso de leche', null, 'vaso', 'leche'],
  ['un vaso de leche', 1, 'vaso', 'leche'],
  ['2 vasos de zumo de naranja', 2, 'vaso', 'zumo de naranja'],
  ['un vaso y medio de leche', 1.5, 'vaso', 'leche'],
  ['caña de cerveza', null, 'cana', 'cerveza'],
  ['dos cañas', 2, null, 'cañas'],
  ['tres cañas de cerveza', 3, 'cana', 'cerveza'],
  ['un tercio de cerveza', 1, 'tercio', 'cerveza'],
  ['un quinto de cerveza', 1, 'quinto', 'cerveza'],
  ['un botellín de cerveza', 1, 'botellin', 'cerveza'],
  ['una lata de atún', 1, 'lata', 'atún'],
  ['una copa de vino tinto', 1, 'copa', 'vino tinto'],
  ['media tostada', 0.5, null, 'tostada'],
  ['medio aguacate', 0.5, null, 'aguacate'],
  ['½ aguacate', 0.5, null, 'aguacate'],
  ['1/2 pechuga de pollo', 0.5, null, 'pechuga de pollo'],
  ['1½ plátano', 1.5, null, 'plátano'],
  ['un par de huevos', 2, null, 'huevos'],
  ['un par de rebanadas de pan', 2, 'rebanada', 'pan'],
  ['2 cucharadas de aceite de oliva', 2, 'cucharada', 'aceite de oliva'],
  ['1 cda de azúcar', 1, 'cucharada', 'azúcar'],
  ['una cucharadita de miel', 1, 'cucharadita', 'miel'],
  ['2 cdtas de azúcar', 2, 'cucharadita', 'azúcar'],
  ['una taza de café', 1, 'taza', 'café'],
  ['un tazón de cereales', 1, 'tazon', 'cereales'],
  ['3 rebanadas de pan integral', 3, 'rebanada', 'pan integral'],
  ['dos lonchas de jamón serrano', 2, 'loncha', 'jamón serrano'],
  ['4 lonchas de pavo', 4, 'loncha', 'pavo'],
  ['un puñado de almendras', 1, 'punado', 'almendras'],
  ['una ración de paella', 1, 'racion', 'paella'],
  ['dos raciones de croquetas', 2, 'racion', 'croquetas'],
  ['una pieza de fruta', 1, 'pieza', 'fruta'],
  ['un plato de lentejas', 1, 'plato', 'lentejas'],
  ['un bol de avena con leche', 1, 'bol', 'avena con leche'],
  ['un cuenco de gazpacho', 1, 'bol', 'gazpacho'],
  ['una unidad de kiwi', 1, 'unidad', 'kiwi'],
  ['un trozo de tortilla de patatas', 1, 'trozo', 'tortilla de patatas'],
  ['dos onzas de chocolate negro', 2, 'onza', 'chocolate negro'],
  ['media docena de huevos', 0.5, 'docena', 'huevos'],
  ['un filete de ternera', 1, 'filete', 'ternera'],
  ['250 ml de leche', 250, 'ml', 'leche'],
  ['33 cl de cerveza', 33, 'cl', 'cerveza'],
  ['1 l de agua', 1, 'l', 'agua'],
  ['un litro de leche desnatada', 1, 'l', 'leche desnatada'],
  ['doce uvas', 12, null, 'uvas'],
  ['diez almendras', 10, null, 'almendras'],
  ['unas patatas fritas', null, null, 'patatas fritas'],
  ['un cuarto de pollo asado', 0.25, null, 'de pollo asado'],
  ['2 Huevos Fritos', 2, null, 'Huevos Fritos'],
  ['  3   galletas  ', 3, null, 'galletas'],
  ['yogur griego', null, null, 'yogur griego'],
  ['café con leche', null, null, 'café con leche'],
  ['pan con tomate', null, null, 'pan con tomate'],
  ['pollo al horno', null, null, 'pollo al horno'],
  ['merluza a la plancha', null, null, 'merluza a la plancha'],
  ['leche 0 %', null, null, 'leche 0 %'],
];

describe('one food as people type it', () => {
  it.each(ONE_FOOD)('«%s» is %s × %s of «%s»', (typed, amount, unit, food) => {
    expect(said(parseItem(typed))).toEqual([amount, unit, food]);
  });

  it('reads at least sixty phrasings', () => {
    expect(ONE_FOOD.length).toBeGreaterThanOrEqual(60);
  });

  it('leaves a number or a portion word alone as the food being typed', () => {
    for (const typed of ['un', 'dos', 'media', '2', 'vaso']) {
      expect(said(parseItem(typed))).toEqual([null, null, typed]);
    }
  });
});

describe('a first look at a query', () => {
  it('passes a food’s name typed letter by letter without parsing it', () => {
    for (const typed of [
      'p',
      'pollo',
      'leche desnatada',
      'tortilla de patatas',
      'café con leche',
    ]) {
      expect(mayBePhrase(typed), typed).toBe(false);
    }
  });

  it('parses whatever may say an amount or several foods', () => {
    for (const typed of [
      '2 huevos',
      'un plátano',
      'Media tostada',
      'caña de cerveza',
      'Ración de croquetas',
      'pan, aceite',
      'arroz y pollo',
      '½ aguacate',
    ]) {
      expect(mayBePhrase(typed), typed).toBe(true);
    }
  });
});

describe('several foods in one line', () => {
  const foods = (line: string, namesFood?: (food: string) => boolean) =>
    parsePhrase(line, namesFood).map(said);

  it('cuts at commas, «y», «+», «;» and new lines', () => {
    expect(foods('2 huevos revueltos, una tostada con tomate y un café con leche')).toEqual([
      [2, null, 'huevos revueltos'],
      [1, null, 'tostada con tomate'],
      [1, null, 'café con leche'],
    ]);
    expect(foods('100 g de arroz + 1 pechuga de pollo; una manzana\nun yogur')).toEqual([
      [100, 'g', 'arroz'],
      [1, null, 'pechuga de pollo'],
      [1, null, 'manzana'],
      [1, null, 'yogur'],
    ]);
  });

  it('keeps a decimal comma and «y medio» in their item', () => {
    expect(foods('1,5 l de agua, un vaso y medio de leche')).toEqual([
      [1.5, 'l', 'agua'],
      [1.5, 'vaso', 'leche'],
    ]);
  });

  it('keeps «y» inside the longest name of a food', () => {
    const names = new Set(['moros y cristianos', 'arroz', 'pollo']);
    const namesFood = (food: string) => names.has(food);
    expect(foods('un plato de moros y cristianos y un vaso de agua', namesFood)).toEqual([
      [1, 'plato', 'moros y cristianos'],
      [1, 'vaso', 'agua'],
    ]);
    expect(foods('arroz y pollo', namesFood)).toEqual([
      [null, null, 'arroz'],
      [null, null, 'pollo'],
    ]);
  });

  it('never cuts at «con»', () => {
    expect(foods('arroz con leche y pan con tomate')).toEqual([
      [null, null, 'arroz con leche'],
      [null, null, 'pan con tomate'],
    ]);
  });

  it('reads at most eight foods', () => {
    expect(parsePhrase(Array.from({ length: 12 }, () => 'un huevo').join(', '))).toHaveLength(8);
  });
});

describe('the amount of a food', () => {
  const egg: Measurable = {
    portions: [
      { name: '1 huevo', grams: 50 },
      { name: '1 huevo grande', grams: 56 },
      { name: '1 docena', grams: 600 },
    ],
    density_g_per_ml: null,
  };
  const milk: Measurable = {
    portions: [
      { name: '1 vaso', grams: 250 },
      { name: '1 taza', grams: 244 },
    ],
    density_g_per_ml: 1.03,
  };
  const juice: Measurable = { portions: [], density_g_per_ml: 1.04 };
  const scrambled: Measurable = {
    portions: [{ name: '1 ración (2 huevos)', grams: 122 }],
    density_g_per_ml: null,
  };
  const bread: Measurable = {
    portions: [{ name: '1 tostada', grams: 68 }],
    density_g_per_ml: null,
  };
  const amount = (typed: string, food: Measurable) => amountOf(parseItem(typed), food);

  it('counts a food by the portion its name says', () => {
    expect(amount('2 huevos', egg)).toEqual({ quantity: 2, unit: '1 huevo', grams: 100 });
    expect(amount('media docena de huevos', egg)).toEqual({
      quantity: 0.5,
      unit: '1 docena',
      grams: 300,
    });
    expect(amount('2 huevos revueltos', scrambled)).toEqual({
      quantity: 1,
      unit: '1 ración (2 huevos)',
      grams: 122,
    });
    expect(amount('media tostada', bread)).toEqual({ quantity: 0.5, unit: '1 tostada', grams: 34 });
  });

  it('weighs grams and kilos as said', () => {
    expect(amount('100 g arroz', egg)).toEqual({ quantity: 100, unit: 'g', grams: 100 });
    expect(amount('medio kilo de huevos', egg)).toEqual({ quantity: 500, unit: 'g', grams: 500 });
  });

  it('pours a vessel as the food’s portion, or its usual volume', () => {
    expect(amount('vaso de leche', milk)).toEqual({ quantity: 1, unit: '1 vaso', grams: 250 });
    expect(amount('2 vasos de zumo', juice)).toEqual({ quantity: 500, unit: 'ml', grams: 520 });
    expect(amount('caña de zumo', juice)).toEqual({ quantity: 200, unit: 'ml', grams: 208 });
    expect(amount('250 ml de leche', milk)).toEqual({ quantity: 250, unit: 'ml', grams: 257.5 });
    // A food that does not pour is weighed as water would.
    expect(amount('un vaso de huevo', egg)).toEqual({ quantity: 250, unit: 'g', grams: 250 });
  });

  it('takes a food’s first portion for a word it does not name', () => {
    expect(amount('una ración de huevo', egg)).toEqual({ quantity: 1, unit: '1 huevo', grams: 50 });
    expect(amount('un plátano', juice)).toEqual({ quantity: 100, unit: 'g', grams: 100 });
  });

  it('says nothing of a plain search', () => {
    expect(amount('leche', milk)).toBeNull();
  });
});
