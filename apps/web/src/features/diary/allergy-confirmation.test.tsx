import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aSubscription,
  anUser,
  installFakeApi,
  ok,
  somePreferences,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const DAY = '2026-03-02';
const MEALS = ['desayuno', 'almuerzo', 'comida', 'merienda', 'cena'];
const zero = { kcal: 0, protein_g: 0, carbohydrate_g: 0, fat_g: 0, fibre_g: 0 };
const milk = {
  id: '5f0c9a1e-2b3d-4c5e-8f6a-7b8c9d0e1f2a',
  name: 'Leche entera',
  origin: 'table',
  kcal: 143,
  protein_g: 12.56,
  carbohydrate_g: 0.72,
  fat_g: 9.51,
  fibre_g: 0,
  density_g_per_ml: null,
  portions: [{ name: '1 vaso', grams: 250 }],
  alcohol_g: 0,
  state: null,
  source: 'USDA FDC SR Legacy: Egg, whole, raw, fresh',
  available_carbohydrate_g: 0.72,
  barcode: null,
  brand: '',
  allergens: ['milk'],
  allergy_warnings: ['milk'],
  other_allergy_warnings: [],
  favourite: false,
  recent: true,
};

interface Entry {
  id: string;
  date: string;
  meal: string;
  kcal: number;
}

function anEntry(id: string, date: string, meal: string, kcal = 72) {
  return {
    ...zero,
    id,
    date,
    meal,
    kind: 'food',
    food_id: milk.id,
    name: 'Leche entera',
    quantity: 1,
    unit: '1 vaso',
    grams: 50,
    kcal,
    protein_g: 6,
  };
}

/** A day as the API answers it, from the entries the fake server holds. */
function dayOf(date: string, entries: Entry[], waterMl: number) {
  const mine = entries.filter((entry) => entry.date === date);
  const sum = (list: Entry[]) => list.reduce((total, entry) => total + entry.kcal, 0);
  return {
    date,
    meals: MEALS.map((meal) => {
      const inMeal = mine.filter((entry) => entry.meal === meal);
      return { meal, entries: inMeal, totals: { ...zero, kcal: sum(inMeal) } };
    }),
    totals: { ...zero, kcal: sum(mine) },
    targets: null,
    water_ml: waterMl,
    notes: '',
    completeness_marked: null,
    completeness: 'partial',
    workouts: [],
  };
}

function server() {
  const entries: Entry[] = [];
  const calls = installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    [`GET /diary/days/${DAY}/`]: () => ok(dayOf(DAY, entries, 0)),
    'GET /foods/': ok([milk]),
    'POST /diary/entries/': (call: FakeCall) => {
      const body = call.body as { date: string; meal: string };
      const entry = anEntry(
        `0a1b2c3d-4e5f-4a6b-8c7d-00000000000${String(entries.length)}`,
        body.date,
        body.meal,
      );
      entries.push(entry);
      return { status: 201, data: entry };
    },
  });
  return { calls };
}

describe('a food holding a declared allergy', { timeout: 20_000 }, () => {
  beforeEach(() => {
    logIn();
  });

  it('is flagged in the results and asked about before it is added', async () => {
    const fake = server();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const breakfast = await screen.findByRole('region', { name: 'Desayuno' });
    await user.click(within(breakfast).getByRole('button', { name: 'Añadir a Desayuno' }));
    const sheet = await screen.findByRole(
      'dialog',
      { name: 'Añadir a Desayuno' },
      { timeout: 5000 },
    );
    const results = await within(sheet).findByRole('list', { name: 'Resultados' });
    // The list is there at once; its foods come with the person's recents.
    expect(await within(results).findByText('Contiene leche', {}, { timeout: 5000 })).toBeVisible();

    // "No añadir" leaves the diary as it was.
    await user.click(within(sheet).getByRole('button', { name: 'Añadir Leche entera (1 vaso)' }));
    const question = within(sheet).getByRole('alertdialog');
    expect(question).toHaveTextContent('Declaraste alergia a la leche. ¿Añadir igualmente?');
    await user.click(within(question).getByRole('button', { name: 'No añadir' }));
    expect(within(sheet).queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.callsTo('POST', '/diary/entries/')).toHaveLength(0);

    // From the amount form too; "Añadir igualmente" logs it.
    await user.click(within(results).getByRole('button', { name: /^Leche entera/ }));
    const amount = within(sheet).getByRole('form', { name: 'Cantidad de Leche entera' });
    await user.click(within(amount).getByRole('button', { name: 'Añadir' }));
    expect(fake.calls.callsTo('POST', '/diary/entries/')).toHaveLength(0);
    await user.click(await within(sheet).findByRole('button', { name: 'Añadir igualmente' }));
    await vi.waitFor(() => {
      expect(fake.calls.callsTo('POST', '/diary/entries/')).toHaveLength(1);
    });
    expect(fake.calls.callsTo('POST', '/diary/entries/')[0]?.body).toMatchObject({
      food_id: milk.id,
      meal: 'desayuno',
    });
  });
});
