import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Food } from '@forja/shared/schemas/foods';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';

let ctx: TestContext;
let ana: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  ana = await signedInUser(ctx);
});

afterAll(async () => {
  await ctx.close();
});

/** A real label printed in Spain: almonds, per 100 g, carbohydrate without fibre. */
const almonds = {
  name: 'Almendra natural',
  brand: 'Hacendado',
  barcode: '8480000123121',
  kcal: 609,
  protein_g: 21.2,
  available_carbohydrate_g: 7.4,
  fat_g: 53.4,
  fibre_g: 12.5,
};

const lookUp = (who: SignedInUser, code: string) =>
  who.call<Food & { message?: string }>('GET', `/v0/foods/barcodes/${encodeURIComponent(code)}/`);

describe('the label as printed in Europe', () => {
  it('is accepted with fibre above carbohydrate, and stored as total carbohydrate', async () => {
    const owner = await signedInUser(ctx);
    const created = await owner.call<Food>('POST', '/v0/foods/', almonds);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      ...almonds,
      // Forja's convention: fibre counted in carbohydrate, as in the shipped table.
      carbohydrate_g: 19.9,
      available_carbohydrate_g: 7.4,
      origin: 'own',
    });
    const [row] = await ctx.database.rows<{ carbohydrate_g: number }>(
      sql`select carbohydrate_g from foods where id = ${created.data.id}`,
    );
    expect(row?.carbohydrate_g).toBe(19.9);
    // Read back and saved unchanged, nothing drifts.
    const again = await owner.call<Food>('PUT', `/v0/foods/${created.data.id}/`, almonds);
    expect(again.data).toMatchObject({ carbohydrate_g: 19.9, available_carbohydrate_g: 7.4 });
  });

  it('gives the shipped table’s foods their carbohydrate without fibre too', async () => {
    const res = await ana.call<Food[]>('GET', `/v0/foods/?q=${encodeURIComponent('almendras')}`);
    const food = res.data.find((item) => item.origin === 'table');
    if (!food) throw new Error('no almonds in the table');
    expect(food.available_carbohydrate_g).toBeCloseTo(food.carbohydrate_g - food.fibre_g, 2);
    expect(food.barcode).toBeNull();
  });
});

describe('barcodes on foods', () => {
  it('are refused with a Spanish message when not a GTIN with its check digit', async () => {
    for (const barcode of ['8480000123128', '12345', 'abcdefghijklm', '84800001231211']) {
      const res = await ana.call<{ fields: Record<string, string> }>('POST', '/v0/foods/', {
        ...almonds,
        barcode,
      });
      expect(res.status, barcode).toBe(400);
      expect(res.data.fields.barcode, barcode).toBe(
        'El código de barras debe tener 8, 12, 13 o 14 cifras y la última, de control, correcta',
      );
    }
    const bad = await lookUp(ana, '8480000123128');
    expect(bad.status).toBe(400);
    expect(bad.data.message).toMatch(/^El código de barras debe tener/);
  });

  it('take EAN-8, UPC-A and GTIN-14, with spaces typed between groups', async () => {
    const owner = await signedInUser(ctx);
    for (const [typed, digits] of [
      ['9638 5074', '96385074'],
      ['036000291452', '036000291452'],
      ['1-8480000-12312-8', '18480000123128'],
    ] as const) {
      const res = await owner.call<Food>('POST', '/v0/foods/', {
        ...almonds,
        barcode: typed,
      });
      expect(res.status, typed).toBe(201);
      expect(res.data.barcode).toBe(digits);
    }
    const none = await owner.call<Food>('POST', '/v0/foods/', { ...almonds, barcode: '' });
    expect(none.data.barcode).toBeNull();
  });

  it('are one per person: a second food with the same one is refused, changing nothing', async () => {
    const owner = await signedInUser(ctx);
    const first = await owner.call<Food>('POST', '/v0/foods/', almonds);
    expect(first.status).toBe(201);
    const second = await owner.call<{ message: string }>('POST', '/v0/foods/', {
      ...almonds,
      name: 'Otra almendra',
    });
    expect(second.status).toBe(409);
    expect(second.data.message).toBe('Ya tienes otro alimento con ese código de barras');
    const other = await owner.call<Food>('POST', '/v0/foods/', { ...almonds, barcode: null });
    const moved = await owner.call('PUT', `/v0/foods/${other.data.id}/`, almonds);
    expect(moved.status).toBe(409);
    // Saving the food that carries it keeps it.
    expect((await owner.call('PUT', `/v0/foods/${first.data.id}/`, almonds)).status).toBe(200);
    // Asked twice at once, one is stored.
    const twice = await signedInUser(ctx);
    const answers = await Promise.all([
      twice.call('POST', '/v0/foods/', almonds),
      twice.call('POST', '/v0/foods/', almonds),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    // Another person may give their own food the same barcode.
    expect((await ana.call('POST', '/v0/foods/', almonds)).status).toBe(201);
  });

  it('are looked up among one’s own products first, then those shared with Forja', async () => {
    const owner = await signedInUser(ctx);
    const code = '5449000000996';
    const missing = await lookUp(owner, code);
    expect(missing.status).toBe(404);
    expect(missing.data.message).toBe('No encontramos ningún producto con ese código de barras');

    // A product shared with Forja: a row of the shipped table that carries the barcode.
    await ctx.database.db.execute(
      sql`update foods set barcode = ${code}, brand = 'Coca-Cola' where key = (select key from foods where key is not null order by key limit 1)`,
    );
    try {
      const shared = await lookUp(owner, code);
      expect(shared.status).toBe(200);
      expect(shared.data).toMatchObject({ origin: 'table', barcode: code, brand: 'Coca-Cola' });

      const own = await owner.call<Food>('POST', '/v0/foods/', {
        ...almonds,
        name: 'Refresco de cola',
        barcode: code,
      });
      const found = await lookUp(owner, ` ${code.slice(0, 4)} ${code.slice(4)}`);
      expect(found.data.id).toBe(own.data.id);
      // Somebody else's own product is never found.
      const other = await signedInUser(ctx);
      expect((await lookUp(other, code)).data.origin).toBe('table');
    } finally {
      await ctx.database.db.execute(
        sql`update foods set barcode = null, brand = '' where barcode = ${code} and owner_id is null`,
      );
    }
  });

  it('need a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/foods/barcodes/5449000000996/' });
    expect(res.statusCode).toBe(401);
  });
});
