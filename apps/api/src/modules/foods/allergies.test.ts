import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Food } from '@forja/shared/schemas/foods';
import { answers } from '@forja/shared/fixtures/onboarding';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { linkToTrainer, signedInTrainer } from '#test/trainers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

async function declare(person: SignedInUser, allergies: string[], other_allergies = '') {
  const res = await person.call('PUT', `/v0/users/${person.user.id}/onboarding/eating/`, {
    ...answers.eating,
    allergies,
    other_allergies,
  });
  expect(res.status).toBe(200);
}

const search = async (person: SignedInUser, q: string) => {
  const res = await person.call<Food[]>('GET', `/v0/foods/?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.data;
};

const byName = (list: Food[], name: string) => {
  const food = list.find((item) => item.name === name);
  if (!food) throw new Error(`${name} not found`);
  return food;
};

describe('allergies declared at onboarding', () => {
  it('flag milk in a search for someone allergic to it, and not for someone who is not', async () => {
    const allergic = await signedInUser(ctx);
    await declare(allergic, ['milk']);
    const other = await signedInUser(ctx);
    await declare(other, []);

    const milk = byName(await search(allergic, 'leche'), 'Leche entera');
    expect(milk.allergens).toEqual(['milk']);
    expect(milk.allergy_warnings).toEqual(['milk']);
    const coconut = byName(await search(allergic, 'leche de coco'), 'Leche de coco (lata)');
    expect(coconut.allergy_warnings).toEqual([]);

    const unflagged = byName(await search(other, 'leche'), 'Leche entera');
    expect(unflagged.allergens).toEqual(['milk']);
    expect(unflagged.allergy_warnings).toEqual([]);
  });

  it('are read again as soon as the eating step changes, though the search keeps what it read', async () => {
    const person = await signedInUser(ctx);
    await declare(person, []);
    expect(byName(await search(person, 'leche'), 'Leche entera').allergy_warnings).toEqual([]);
    await declare(person, ['milk', 'gluten']);
    expect(byName(await search(person, 'leche'), 'Leche entera').allergy_warnings).toEqual([
      'milk',
    ]);
    const pizza = byName(await search(person, 'pizza de atun'), 'Pizza de atún');
    expect(pizza.allergy_warnings).toEqual(['gluten', 'milk']);
  });

  it('match the free-text other allergies by the words of the name', async () => {
    const person = await signedInUser(ctx);
    await declare(person, [], 'Alergia al kiwi');
    const kiwi = byName(await search(person, 'kiwi'), 'Kiwi');
    expect(kiwi.other_allergy_warnings).toEqual(['kiwi']);
    const apple = byName(await search(person, 'manzana'), 'Manzana');
    expect(apple.other_allergy_warnings).toEqual([]);
  });

  it('use the allergens ticked on one’s own food, and reach the barcode lookup', async () => {
    const person = await signedInUser(ctx);
    await declare(person, ['tree_nuts']);
    const created = await person.call<Food>('POST', '/v0/foods/', {
      name: 'Barrita de frutas',
      barcode: '8480000123121',
      kcal: 400,
      protein_g: 8,
      available_carbohydrate_g: 50,
      fat_g: 15,
      fibre_g: 5,
      allergens: ['tree_nuts', 'sesame'],
    });
    expect(created.status).toBe(201);
    expect(created.data.allergens).toEqual(['tree_nuts', 'sesame']);
    expect(created.data.allergy_warnings).toEqual(['tree_nuts']);
    const found = byName(await search(person, 'barrita de frutas'), 'Barrita de frutas');
    expect(found.allergy_warnings).toEqual(['tree_nuts']);
    const scanned = await person.call<Food>('GET', '/v0/foods/barcodes/8480000123121/');
    expect(scanned.data.allergy_warnings).toEqual(['tree_nuts']);
  });

  it('refuse an unknown or repeated allergen on one’s own food, storing nothing', async () => {
    const person = await signedInUser(ctx);
    const food = {
      name: 'Galletas caseras',
      kcal: 450,
      protein_g: 7,
      available_carbohydrate_g: 60,
      fat_g: 20,
      fibre_g: 2,
    };
    const unknown = await person.call<{ fields: Record<string, string> }>('POST', '/v0/foods/', {
      ...food,
      allergens: ['chocolate'],
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('El alérgeno');
    const repeated = await person.call<{ fields: Record<string, string> }>('POST', '/v0/foods/', {
      ...food,
      allergens: ['milk', 'milk'],
    });
    expect(repeated.status).toBe(400);
    expect(JSON.stringify(repeated.body)).toContain('Los alérgenos no pueden repetirse');
    expect(await search(person, 'galletas caseras')).toEqual([]);
  });

  it('do not reach the trainer: their own search of the same food has no warning', async () => {
    const trainee = await signedInUser(ctx);
    await declare(trainee, ['milk']);
    const trainer = await signedInTrainer(ctx);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v0/foods/?q=leche`,
      headers: trainer.headers,
    });
    if (res.statusCode === 200) {
      const milk = byName(res.json<{ data: Food[] }>().data, 'Leche entera');
      expect(milk.allergy_warnings).toEqual([]);
    } else {
      expect(res.statusCode).toBe(402);
    }
    // The trainee's own search still warns.
    expect(byName(await search(trainee, 'leche'), 'Leche entera').allergy_warnings).toEqual([
      'milk',
    ]);
  });
});
