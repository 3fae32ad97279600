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
 * What a trainee types on day one, and the food that must come first for someone who has
 * logged nothing yet: the food as eaten (cooked rice, not the dry grain), found by its
 * plural, by the name used in their country and despite one slip.
 */
const FIRST: [query: string, food: string][] = [
  // Dishes and drinks of every day in Spain.
  ['tortilla de patatas', 'Tortilla de patatas / tortilla española'],
  ['tortilla', 'Tortilla de patatas / tortilla española'],
  ['gazpacho', 'Gazpacho'],
  ['salmorejo', 'Salmorejo'],
  ['cerveza', 'Cerveza'],
  ['vino', 'Vino tinto'],
  ['café con leche', 'Café con leche'],
  ['cafe', 'Café solo'],
  ['té', 'Té negro'],
  // The cooked food before the raw or dry one.
  ['arroz', 'Arroz blanco cocido (grano largo)'],
  ['lentejas', 'Lentejas cocidas'],
  ['garbanzos', 'Garbanzos cocidos'],
  ['garbanzo', 'Garbanzos cocidos'],
  ['pasta', 'Pasta cocida'],
  ['quinua', 'Quinoa cocida'],
  ['salmón', 'Salmón a la plancha / al horno'],
  ['pechuga de pollo', 'Pechuga de pollo a la plancha'],
  ['batata', 'Boniato asado / camote al horno'],
  ['camote', 'Boniato asado / camote al horno'],
  ['calabaza', 'Calabaza asada / zapallo asado'],
  // Plurals, and the fresh food before the dried one.
  ['tomates', 'Tomate'],
  ['plátanos', 'Plátano / banana'],
  ['manzanas', 'Manzana'],
  ['huevos', 'Huevo'],
  ['patatas', 'Patata cocida / papa hervida'],
  ['frutillas', 'Fresas / frutillas'],
  // The names of Latin America, and the whole word before the beginning of another.
  ['papa', 'Patata cocida / papa hervida'],
  ['papas fritas', 'Patatas fritas / papas fritas'],
  ['zapallo', 'Calabaza asada / zapallo asado'],
  ['banana', 'Plátano / banana'],
  ['frijoles', 'Frijoles negros cocidos / caraotas'],
  ['caraotas', 'Frijoles negros cocidos / caraotas'],
  ['porotos', 'Frijoles negros cocidos / caraotas'],
  ['jugo de naranja', 'Zumo de naranja natural / jugo'],
  ['durazno', 'Melocotón / durazno'],
  ['palta', 'Aguacate / palta'],
  ['arvejas', 'Guisantes congelados cocidos / arvejas'],
  ['maní', 'Cacahuetes / maní'],
  ['chela', 'Cerveza'],
  ['jitomate', 'Tomate'],
  ['gaseosa', 'Refresco de cola'],
  // Everyday staples.
  ['leche', 'Leche entera'],
  ['leche desnatada', 'Leche desnatada / descremada'],
  ['pan', 'Pan de barra / baguette'],
  ['yogur', 'Yogur natural'],
  ['atún', 'Atún al natural (lata)'],
  ['huevo frito', 'Huevo frito'],
  ['aguacate', 'Aguacate / palta'],
  // The staples of Spain: dishes, cured meats, cheese, fish, bread, drinks.
  ['paella', 'Paella'],
  ['cocido', 'Cocido madrileño'],
  ['croquetas', 'Croquetas caseras de jamón'],
  ['churros', 'Churros'],
  ['jamón serrano', 'Jamón serrano'],
  ['jamón', 'Jamón serrano'],
  ['jamón york', 'Jamón cocido (tipo europeo, extra)'],
  ['chorizo', 'Chorizo curado'],
  ['fuet', 'Fuet (valores de salchicha seca curada)'],
  ['lomo embuchado', 'Lomo embuchado (valores de jamón curado magro)'],
  ['queso manchego', 'Queso manchego / de oveja curado'],
  ['merluza', 'Merluza cocinada'],
  ['bacalao', 'Bacalao cocinado'],
  ['boquerones', 'Boquerones en vinagre'],
  ['pan de barra', 'Pan de barra / baguette'],
  ['leche semidesnatada', 'Leche semidesnatada (1,5 % de grasa)'],
  ['cerveza sin alcohol', 'Cerveza sin alcohol'],
  ['tinto de verano', 'Tinto de verano'],
  ['sangría', 'Sangría'],
  ['vino rosado', 'Vino rosado'],
  ['cortado', 'Café cortado'],
  ['té verde', 'Té verde'],
  ['manzanilla', 'Infusión de manzanilla'],
  ['ensaladilla rusa', 'Ensaladilla rusa'],
  ['patatas bravas', 'Patatas bravas'],
  // The staples of Latin America.
  ['arepa', 'Arepa'],
  ['empanada', 'Empanada de carne'],
  ['tortilla de maíz', 'Tortilla de maíz'],
  ['frijoles refritos', 'Frijoles refritos'],
  ['plátano macho', 'Plátano macho cocido'],
  ['yuca', 'Yuca cocida / mandioca hervida'],
  ['mandioca', 'Yuca cocida / mandioca hervida'],
  ['dulce de leche', 'Dulce de leche'],
  ['arequipe', 'Dulce de leche'],
  ['mate', 'Mate / infusión de hierbas'],
  ['pupusa', 'Pupusa de frijol'],
  ['tamal', 'Tamal de maíz'],
  ['gallo pinto', 'Arroz con frijoles negros / gallo pinto'],
  ['guacamole', 'Guacamole'],
  ['quesadilla', 'Quesadilla de queso'],
  // One slip.
  ['platno', 'Plátano / banana'],
  ['manzna', 'Manzana'],
  ['lentjas', 'Lentejas cocidas'],
  ['arros', 'Arroz blanco cocido (grano largo)'],
];

describe('the food that comes first', () => {
  it(`is the one a trainee means, for ${FIRST.length} everyday searches`, async () => {
    expect(FIRST.length).toBeGreaterThanOrEqual(40);
    const wrong: string[] = [];
    for (const [query, food] of FIRST) {
      const [first] = await search(newcomer, query);
      if (first?.name !== food) wrong.push(`${query}: ${first?.name ?? 'nothing'}, not ${food}`);
    }
    expect(wrong).toEqual([]);
  });

  it('is never the papaya for "papa", nor the pumpkin seeds for "zapallo"', async () => {
    expect((await search(newcomer, 'papa')).map((food) => food.name).slice(0, 5)).not.toContain(
      'Papaya / fruta bomba',
    );
    const [pumpkin] = await search(newcomer, 'zapallo');
    expect(pumpkin?.name).not.toMatch(/pipas/i);
  });

  it('labels the raw or dry form, with its energy, after the cooked one', async () => {
    const lentils = await search(newcomer, 'lentejas');
    expect(lentils.map((food) => [food.name, food.state, food.kcal])).toEqual([
      ['Lentejas cocidas', null, 116],
      // The table's lentil stews, as eaten too.
      ['Lentejas estofadas con chorizo', null, 109],
      ['Lentejas con verduras', null, 83],
      ['Lentejas crudas', 'dry', 352],
    ]);
    const [, raw] = await search(newcomer, 'patata cocida');
    expect(raw).toBeUndefined();
    expect(
      (await search(newcomer, 'pechuga de pollo')).find((food) => food.state === 'raw'),
    ).toMatchObject({
      name: 'Pechuga de pollo cruda',
    });
  });

  it('is what the person logs, or marked as a favourite, before what others mean', async () => {
    const cook = await signedInUser(ctx);
    const dryRice = (await search(cook, 'arroz blanco crudo'))[0];
    if (!dryRice) throw new Error('no dry rice');
    const logged = await cook.call('POST', '/v0/diary/entries/', {
      kind: 'food',
      date: '2026-03-01',
      meal: 'comida',
      food_id: dryRice.id,
      quantity: 80,
      unit: 'g',
    });
    expect(logged.status).toBe(201);
    expect((await search(cook, 'arroz'))[0]).toMatchObject({ id: dryRice.id, recent: true });

    const plantain = (await search(cook, 'plátano macho cocido'))[0];
    if (!plantain) throw new Error('no plantain');
    await cook.call('PUT', `/v0/foods/${plantain.id}/favourite/`);
    expect((await search(cook, 'plátanos'))[0]).toMatchObject({ id: plantain.id, favourite: true });
    // Nobody else's search changes.
    expect((await search(newcomer, 'arroz'))[0]?.name).toBe('Arroz blanco cocido (grano largo)');
  });

  it("finds one's own foods by their plural and before the table's", async () => {
    const owner = await signedInUser(ctx);
    const created = await owner.call<Food>('POST', '/v0/foods/', {
      name: 'Lentejas de mi madre',
      kcal: 140,
      protein_g: 8,
      available_carbohydrate_g: 13,
      fat_g: 4,
      fibre_g: 5,
    });
    expect(created.status).toBe(201);
    expect((await search(owner, 'lenteja'))[0]?.id).toBe(created.data.id);
    expect((await search(owner, 'lentejas madre'))[0]?.id).toBe(created.data.id);
    expect(await search(newcomer, 'lentejas madre')).toEqual([]);
  });
});
