import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Food } from '@forja/shared/schemas/foods';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;
let newcomer: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  newcomer = await signedInUser(ctx);
});

afterAll(async () => {
  await ctx.close();
});

const search = async (who: SignedInUser, q: string) =>
  (await who.call<Food[]>('GET', `/v0/foods/?q=${encodeURIComponent(q)}`)).data;

/**
 * Fifty things people type to log what they ate, each with the food that must come first
 * for someone who has logged nothing yet and the amount it must carry (decision 104): a
 * quantity of one of the food's portions, of grams or of millilitres, and its grams.
 */
const FIRST: [query: string, food: string, quantity: number, unit: string, grams: number][] = [
  ['1 huevo', 'Huevo', 1, '1 huevo', 50],
  ['2 huevos', 'Huevo', 2, '1 huevo', 100],
  ['un par de huevos', 'Huevo', 2, '1 huevo', 100],
  ['un huevo frito', 'Huevo frito', 1, '1 huevo', 46],
  ['dos huevos cocidos', 'Huevo cocido / duro', 2, '1 huevo', 100],
  ['2 huevos revueltos', 'Huevos revueltos', 1, '1 ración (2 huevos)', 122],
  ['una tortilla francesa', 'Tortilla francesa / omelette', 1, '1 tortilla (2 huevos)', 120],
  ['un plátano', 'Plátano / banana', 1, '1 plátano mediano', 118],
  ['una manzana', 'Manzana', 1, '1 manzana mediana', 182],
  ['2 manzanas', 'Manzana', 2, '1 manzana mediana', 364],
  ['una naranja', 'Naranja', 1, '1 naranja mediana', 131],
  ['un kiwi', 'Kiwi', 1, '1 kiwi', 69],
  ['medio aguacate', 'Aguacate / palta', 0.5, '1 aguacate', 100.5],
  ['medio kilo de fresas', 'Fresas / frutillas', 500, 'g', 500],
  ['100 g arroz', 'Arroz blanco cocido (grano largo)', 100, 'g', 100],
  ['arroz 150 g', 'Arroz blanco cocido (grano largo)', 150, 'g', 150],
  ['40 g de avena', 'Copos de avena', 40, 'g', 40],
  ['200 g de pechuga de pollo', 'Pechuga de pollo a la plancha', 200, 'g', 200],
  ['una pechuga de pollo', 'Pechuga de pollo a la plancha', 1, '1 filete', 100],
  ['150 g de salmón', 'Salmón a la plancha / al horno', 150, 'g', 150],
  ['un filete de ternera', 'Filete de ternera a la plancha', 1, '1 filete', 120],
  ['una lata de atún', 'Atún al natural (lata)', 1, '1 lata escurrida', 56],
  ['un plato de lentejas', 'Lentejas cocidas', 1, '1 plato', 250],
  ['un plato de paella', 'Paella', 1, '1 plato', 300],
  ['3 croquetas', 'Croquetas caseras de jamón', 3, '1 croqueta', 90],
  [
    'un trozo de tortilla de patatas',
    'Tortilla de patatas / tortilla española',
    1,
    '1 pincho',
    100,
  ],
  ['media pizza', 'Pizza margarita', 0.5, '1 pizza', 200],
  ['una arepa', 'Arepa', 1, '1 arepa', 120],
  ['dos empanadas', 'Empanada de carne', 2, '1 empanada', 260],
  ['2 tortillas de maíz', 'Tortilla de maíz', 2, '1 tortilla', 52],
  ['media tostada', 'Tostada con aceite de oliva', 0.5, '1 tostada', 34],
  ['2 rebanadas de pan de molde', 'Pan de molde blanco', 2, '1 rebanada', 50],
  ['3 lonchas de jamón serrano', 'Jamón serrano', 3, '1 loncha', 45],
  ['2 lonchas de jamón york', 'Jamón cocido (tipo europeo, extra)', 2, '1 loncha', 30],
  ['un yogur natural', 'Yogur natural', 1, '1 yogur', 125],
  ['vaso de leche', 'Leche entera', 1, '1 vaso', 250],
  ['un vaso de leche desnatada', 'Leche desnatada / descremada', 1, '1 vaso', 250],
  ['250 ml de leche semidesnatada', 'Leche semidesnatada (1,5 % de grasa)', 250, 'ml', 257.5],
  ['un vaso de zumo de naranja', 'Zumo de naranja natural / jugo', 1, '1 vaso', 250],
  ['un café solo', 'Café solo', 1, '1 café', 50],
  ['un cortado', 'Café cortado', 1, '1 cortado', 70],
  ['un café con leche', 'Café con leche', 1, '1 taza', 200],
  ['un bol de avena con leche', 'Gachas de avena con leche', 1, '1 bol', 240],
  ['caña de cerveza', 'Cerveza', 1, '1 caña', 202],
  ['dos cañas', 'Cerveza', 2, '1 caña', 404],
  ['un tercio de cerveza', 'Cerveza', 1, '1 tercio', 333],
  ['una copa de vino tinto', 'Vino tinto', 1, '1 copa', 150],
  ['2 cucharadas de aceite de oliva', 'Aceite de oliva', 2, '1 cucharada', 27],
  ['un puñado de almendras', 'Almendras', 1, '1 puñado', 30],
  ['2 onzas de chocolate negro', 'Chocolate negro 70-85 %', 2, '1 onza', 20],
];

describe('a search that says how much', () => {
  it(`puts the food meant first with its amount, for ${FIRST.length} everyday phrases`, async () => {
    expect(FIRST.length).toBeGreaterThanOrEqual(50);
    const wrong: string[] = [];
    for (const [query, food, quantity, unit, grams] of FIRST) {
      const [first] = await search(newcomer, query);
      const found = first?.phrase
        ? `${first.name}, ${String(first.phrase.quantity)} × ${first.phrase.unit} (${String(first.phrase.grams)} g)`
        : (first?.name ?? 'nothing');
      const meant = `${food}, ${String(quantity)} × ${unit} (${String(grams)} g)`;
      if (found !== meant) wrong.push(`${query}: ${found}, not ${meant}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives every food it finds the amount said, measured in that food', async () => {
    const milks = await search(newcomer, 'un vaso de leche');
    expect(milks.length).toBeGreaterThan(3);
    for (const milk of milks) {
      expect(milk.phrase, milk.name).toMatchObject({ item: 0, text: 'un vaso de leche' });
    }
    // Evaporated milk has no glass: a glass's usual 250 ml, poured at its density.
    expect(milks.find((milk) => milk.name === 'Leche evaporada')?.phrase).toMatchObject({
      quantity: 250,
      unit: 'ml',
      grams: 267.5,
    });
  });

  it('answers a plain search as before, without any amount', async () => {
    const eggs = await search(newcomer, 'huevo');
    expect(eggs[0]?.name).toBe('Huevo');
    expect(eggs.every((food) => food.phrase === undefined)).toBe(true);
    // The words after the amount find what they find alone, in the same order.
    const said = await search(newcomer, '2 huevos fritos');
    expect(said.map((food) => food.id)).toEqual(
      (await search(newcomer, 'huevos fritos')).map((food) => food.id),
    );
    // «unas» says no amount: the words after it are searched, and no amount is answered.
    const fries = await search(newcomer, 'unas patatas fritas');
    expect(fries[0]).toMatchObject({ name: 'Patatas fritas / papas fritas' });
    expect(fries[0]?.phrase).toBeUndefined();
    // «con» joins the words of one food.
    const pudding = await search(newcomer, 'arroz con leche');
    expect(pudding[0]).toMatchObject({ name: 'Arroz con leche' });
    expect(pudding[0]?.phrase).toBeUndefined();
  });

  it('reads a name that begins with a number as a name', async () => {
    const baker = await signedInUser(ctx);
    const created = await baker.call<Food>('POST', '/v0/foods/', {
      name: 'Tres leches de mi abuela',
      kcal: 250,
      protein_g: 6,
      available_carbohydrate_g: 35,
      fat_g: 9,
      fibre_g: 0,
    });
    expect(created.status).toBe(201);
    const [cake] = await search(baker, 'tres leches');
    expect(cake).toMatchObject({ id: created.data.id });
    expect(cake?.phrase).toBeUndefined();
    // For anyone else, three glasses of milk.
    expect((await search(newcomer, 'tres leches'))[0]).toMatchObject({
      name: 'Leche entera',
      phrase: { quantity: 3, unit: '1 vaso', grams: 750 },
    });
  });
});

describe('several foods in one line', () => {
  it('answers the first food of each, in order, each with its amount', async () => {
    const line = '2 huevos revueltos, una tostada con tomate y un café con leche';
    const foods = await search(newcomer, line);
    expect(
      foods.slice(0, 3).map((food) => [food.name, food.phrase?.item, food.phrase?.grams]),
    ).toEqual([
      ['Huevos revueltos', 0, 122],
      ['Tostada con tomate y aceite', 1, 108],
      ['Café con leche', 2, 200],
    ]);
    expect(foods.slice(0, 3).map((food) => food.phrase?.text)).toEqual([
      '2 huevos revueltos',
      'una tostada con tomate',
      'un café con leche',
    ]);
    // The others found by each come after, each saying which it was found by.
    const others = await search(newcomer, '2 huevos, un plátano');
    expect(others.slice(0, 2).map((food) => food.name)).toEqual(['Huevo', 'Plátano / banana']);
    expect(others.slice(2).map((food) => food.phrase?.item)).toContain(0);
    expect(others.slice(2).map((food) => food.phrase?.item)).toContain(1);
  });

  it('gives a food named without an amount its usual portion', async () => {
    const foods = await search(newcomer, 'café con leche y tostada con aceite');
    expect(foods.slice(0, 2).map((food) => [food.name, food.phrase?.unit])).toEqual([
      ['Café con leche', '1 taza'],
      ['Tostada con aceite de oliva', '1 tostada'],
    ]);
  });

  it('keeps «y» inside a food’s name', async () => {
    const foods = await search(newcomer, 'un plato de moros y cristianos');
    expect(foods.map((food) => [food.name, food.phrase?.item, food.phrase?.unit])).toEqual([
      ['Arroz con frijoles negros / gallo pinto', 0, '1 plato'],
    ]);
  });

  it('answers at most the limit asked, and a line of words that name nothing with nothing', async () => {
    const foods = await newcomer.call<Food[]>(
      'GET',
      `/v0/foods/?q=${encodeURIComponent('un huevo, una manzana, un kiwi')}&limit=2`,
    );
    expect(foods.data.map((food) => food.name)).toEqual(['Huevo', 'Manzana']);
    expect(await search(newcomer, '2 zzzz, 3 qqqq')).toEqual([]);
  });
});
