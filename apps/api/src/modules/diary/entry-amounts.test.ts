import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryDay, DiaryEntry } from '@forja/shared/schemas/diary';
import type { Food } from '@forja/shared/schemas/foods';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;
let lentils: Food;
let oil: Food;

beforeAll(async () => {
  ctx = await createTestContext();
  const finder = await signedInUser(ctx);
  const named = async (q: string, name: string) => {
    const found = (
      await finder.call<Food[]>('GET', `/v0/foods/?q=${encodeURIComponent(q)}&limit=50`)
    ).data.find((food) => food.name === name);
    if (!found) throw new Error(`no ${name}`);
    return found;
  };
  lentils = await named('lentejas', 'Lentejas cocidas');
  oil = await named('aceite de oliva', 'Aceite de oliva');
});

afterAll(async () => {
  await ctx.close();
});

const DAY = '2026-03-02';

function log(who: SignedInUser, entry: Record<string, unknown>, date = DAY) {
  return who.call<DiaryEntry>('POST', '/v0/diary/entries/', {
    kind: 'food',
    date,
    meal: 'comida',
    ...entry,
  });
}

const favouritesAndRecents = async (who: SignedInUser) =>
  (await who.call<Food[]>('GET', '/v0/foods/')).data;

async function entryOnDay(who: SignedInUser, id: string) {
  const day = (await who.call<DiaryDay>('GET', `/v0/diary/days/${DAY}/`)).data;
  return day.meals.flatMap((meal) => meal.entries).find((entry) => entry.id === id);
}

describe('an entry changed to grams', () => {
  it('weighs what was typed, not a multiple of the portion it was logged in', async () => {
    const ana = await signedInUser(ctx);
    const cup = await log(ana, { food_id: lentils.id, quantity: 1, unit: '1 taza' });
    expect(cup.data).toMatchObject({ quantity: 1, unit: '1 taza', grams: 198 });

    const plate = await ana.call<DiaryEntry>('PUT', `/v0/diary/entries/${cup.data.id}/`, {
      quantity: 250,
      unit: 'g',
    });
    expect(plate.status).toBe(200);
    expect(plate.data).toMatchObject({ quantity: 250, unit: 'g', grams: 250 });
    // 116 kcal and 9.02 g of protein per 100 g.
    expect(plate.data.kcal).toBeCloseTo(290, 10);
    expect(plate.data.protein_g).toBeCloseTo(22.55, 10);
    expect(await entryOnDay(ana, cup.data.id)).toMatchObject({
      quantity: 250,
      unit: 'g',
      grams: 250,
      kcal: 290,
    });

    // And back to a portion: two plates of 250 g.
    const plates = await ana.call<DiaryEntry>('PUT', `/v0/diary/entries/${cup.data.id}/`, {
      quantity: 2,
      unit: '1 plato',
    });
    expect(plates.data).toMatchObject({ quantity: 2, unit: '1 plato', grams: 500 });
    expect(plates.data.kcal).toBeCloseTo(580, 10);
  });

  it('refuses zero, over 5 kg or a unit the food lacks, in Spanish, and keeps the entry', async () => {
    const ana = await signedInUser(ctx);
    const { id } = (await log(ana, { food_id: lentils.id, quantity: 1, unit: '1 taza' })).data;
    const zero = await ana.call('PUT', `/v0/diary/entries/${id}/`, { quantity: 0, unit: 'g' });
    expect(zero.status).toBe(400);
    expect(zero.data).toMatchObject({ fields: { quantity: 'La cantidad debe ser mayor que 0' } });
    const tooMuch = await ana.call('PUT', `/v0/diary/entries/${id}/`, {
      quantity: 5001,
      unit: 'g',
    });
    expect(tooMuch.status).toBe(400);
    const pouring = await ana.call('PUT', `/v0/diary/entries/${id}/`, { quantity: 1, unit: 'ml' });
    expect(pouring.status).toBe(400);
    expect(await entryOnDay(ana, id)).toMatchObject({ quantity: 1, unit: '1 taza', grams: 198 });
  });
});

describe('the amount remembered per food', () => {
  it('is the latest entry’s, in the list of favourites and recents', async () => {
    const luis = await signedInUser(ctx);
    await log(luis, { food_id: oil.id, quantity: 2, unit: '1 cucharada' }, '2026-02-27');
    const latest = await log(luis, { food_id: oil.id, quantity: 1, unit: '1 cucharada' });
    await log(luis, { food_id: lentils.id, quantity: 1, unit: '1 taza' }, '2026-03-01');
    // Logged later in the day, but for an earlier date: the diary's latest is still the 2nd.
    await log(luis, { food_id: oil.id, quantity: 10, unit: 'g' }, '2026-02-28');

    const list = await favouritesAndRecents(luis);
    const amounts = Object.fromEntries(list.map((food) => [food.name, food.last_amount]));
    expect(amounts).toEqual({
      'Aceite de oliva': { quantity: 1, unit: '1 cucharada' },
      'Lentejas cocidas': { quantity: 1, unit: '1 taza' },
    });

    // Changing the latest entry changes what is remembered; deleting it, the one before.
    await luis.call('PUT', `/v0/diary/entries/${latest.data.id}/`, { quantity: 15, unit: 'g' });
    expect((await favouritesAndRecents(luis)).find((f) => f.id === oil.id)?.last_amount).toEqual({
      quantity: 15,
      unit: 'g',
    });
    await luis.call('DELETE', `/v0/diary/entries/${latest.data.id}/`);
    expect((await favouritesAndRecents(luis)).find((f) => f.id === oil.id)?.last_amount).toEqual({
      quantity: 10,
      unit: 'g',
    });
  });

  it('is null for a favourite never logged, and nobody else’s', async () => {
    const marta = await signedInUser(ctx);
    await marta.call('PUT', `/v0/foods/${lentils.id}/favourite/`);
    const other = await signedInUser(ctx);
    await log(other, { food_id: lentils.id, quantity: 3, unit: '1 plato' });
    const list = await favouritesAndRecents(marta);
    expect(list.map((food) => [food.name, food.last_amount])).toEqual([['Lentejas cocidas', null]]);
  });
});
