import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aSubscription,
  anUser,
  failure,
  installFakeApi,
  ok,
  somePreferences,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const DAY = '2026-03-02';
const MEALS = ['desayuno', 'almuerzo', 'comida', 'merienda', 'cena'];
const zero = { kcal: 0, protein_g: 0, carbohydrate_g: 0, fat_g: 0, fibre_g: 0 };

/** A food as the API answers it, with what the search's words said of it, if anything. */
function aFood(
  n: number,
  name: string,
  kcal: number,
  portion: { name: string; grams: number },
  phrase?: { item: number; text: string; quantity: number; unit: string; grams: number },
) {
  return {
    ...zero,
    kcal,
    id: `5f0c9a1e-2b3d-4c5e-8f6a-${String(n).padStart(12, '0')}`,
    name,
    origin: 'table',
    density_g_per_ml: null,
    portions: [portion],
    alcohol_g: 0,
    state: null,
    source: 'USDA FDC SR Legacy',
    available_carbohydrate_g: 0,
    barcode: null,
    brand: '',
    allergens: [],
    allergy_warnings: [],
    other_allergy_warnings: [],
    favourite: false,
    recent: false,
    ...(phrase ? { phrase } : {}),
  };
}

const egg = aFood(1, 'Huevo', 143, { name: '1 huevo', grams: 50 });
const scrambled = aFood(2, 'Huevos revueltos', 149, { name: '1 ración (2 huevos)', grams: 122 });
const toast = aFood(3, 'Pan con tomate', 239, { name: '1 rebanada', grams: 60 });
const coffee = aFood(4, 'Café con leche', 31, { name: '1 taza', grams: 200 });

/** How long an answer may take while every letter typed is a search. */
const WAIT = { timeout: 5000 };

const LINE = '2 huevos revueltos, una tostada con tomate y un café con leche';

/** What the API answers each query typed: the food first with the amount said. */
const ANSWERS: Record<string, unknown[]> = {
  '2 huevos': [
    { ...egg, phrase: { item: 0, text: '2 huevos', quantity: 2, unit: '1 huevo', grams: 100 } },
  ],
  [LINE]: [
    {
      ...scrambled,
      phrase: {
        item: 0,
        text: '2 huevos revueltos',
        quantity: 1,
        unit: '1 ración (2 huevos)',
        grams: 122,
      },
    },
    {
      ...toast,
      phrase: {
        item: 1,
        text: 'una tostada con tomate',
        quantity: 1,
        unit: '1 rebanada',
        grams: 60,
      },
    },
    {
      ...coffee,
      phrase: { item: 2, text: 'un café con leche', quantity: 1, unit: '1 taza', grams: 200 },
    },
    {
      ...egg,
      phrase: { item: 0, text: '2 huevos revueltos', quantity: 2, unit: '1 huevo', grams: 100 },
    },
  ],
};

interface Entry {
  id: string;
  date: string;
  meal: string;
  kcal: number;
}

function dayOf(date: string, entries: Entry[]) {
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
    water_ml: 0,
    notes: '',
    completeness_marked: null,
    completeness: 'partial',
    workouts: [],
  };
}

/**
 * A fake server keeping what is logged under the identifiers sent; `failing` makes the
 * entry of that food refused once.
 */
function server(failing?: string) {
  const entries: Entry[] = [];
  const failed = new Set<string>();
  const calls = installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    [`GET /diary/days/${DAY}/`]: () => ok(dayOf(DAY, entries)),
    'GET /foods/': (call: FakeCall) =>
      ok(ANSWERS[new URLSearchParams(call.search).get('q') ?? ''] ?? []),
    'POST /diary/entries/': (call: FakeCall) => {
      const body = call.body as {
        id: string;
        date: string;
        meal: string;
        food_id: string;
        quantity: number;
        unit: string;
      };
      if (body.food_id === failing && !failed.has(body.id)) {
        failed.add(body.id);
        return failure(409, 'diary day full', 'No caben más anotaciones en ese día');
      }
      const held = entries.find((entry) => entry.id === body.id);
      if (held) return { status: 201, data: held };
      const entry = {
        ...zero,
        ...body,
        kind: 'food',
        name: 'Comida',
        grams: 100,
        kcal: 100,
        protein_g: 5,
      };
      entries.push(entry);
      return { status: 201, data: entry };
    },
  });
  return { calls, entries: () => entries };
}

async function openSheet(user: ReturnType<typeof userEvent.setup>) {
  const breakfast = await screen.findByRole('region', { name: 'Desayuno' });
  await user.click(within(breakfast).getByRole('button', { name: 'Añadir a Desayuno' }));
  return screen.findByRole('dialog', { name: 'Añadir a Desayuno' }, { timeout: 5000 });
}

const posted = (fake: ReturnType<typeof server>) =>
  fake.calls
    .callsTo('POST', '/diary/entries/')
    .map((call) => call.body as { id: string; food_id: string; quantity: number; unit: string });

describe('a search that says how much', { timeout: 20_000 }, () => {
  beforeEach(() => {
    logIn();
  });

  it('offers the food first with the amount said, logged in one more tap', async () => {
    const fake = server();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    // From the "+" of the screen, as quick logging opens it.
    await screen.findByRole('region', { name: 'Desayuno' });
    await user.click(screen.getByRole('button', { name: 'Anotar' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Anotar' })).getByRole('button', {
        name: /^Alimento/,
      }),
    );
    const sheet = await screen.findByRole('dialog', { name: /^Añadir a / }, { timeout: 5000 });
    await user.type(
      await within(sheet).findByLabelText('Buscar alimento', {}, { timeout: 5000 }),
      '2 huevos',
    );
    const amount = await within(sheet).findByRole(
      'form',
      { name: 'Cantidad de Huevo' },
      { timeout: 5000 },
    );
    expect(within(amount).getByLabelText('Cantidad')).toHaveValue('2');
    expect(within(amount).getByLabelText('Unidad')).toHaveValue('1 huevo');
    expect(amount).toHaveTextContent('143 kcal');
    await user.click(within(amount).getByRole('button', { name: 'Añadir' }));
    await vi.waitFor(() => {
      expect(posted(fake)).toEqual([
        expect.objectContaining({ food_id: egg.id, quantity: 2, unit: '1 huevo' }),
      ]);
    }, WAIT);
    // Logged: the box is empty for the next food.
    await vi.waitFor(() => {
      expect(within(sheet).getByLabelText('Buscar alimento')).toHaveValue('');
    }, WAIT);
  });
});

describe('several foods in one line', { timeout: 20_000 }, () => {
  beforeEach(() => {
    logIn();
  });

  it('become entries to check, change or take out, and log together', async () => {
    const fake = server();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const sheet = await openSheet(user);
    await user.type(
      await within(sheet).findByLabelText('Buscar alimento', {}, { timeout: 5000 }),
      LINE,
    );
    const list = await within(sheet).findByRole(
      'region',
      { name: 'Alimentos de tu frase' },
      { timeout: 5000 },
    );
    const rows = within(list).getAllByRole('group');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Huevos revueltos',
      'Pan con tomate',
      'Café con leche',
    ]);
    const eggs = within(list).getByRole('group', { name: 'Huevos revueltos' });
    expect(within(eggs).getByLabelText('Unidad')).toHaveValue('1 ración (2 huevos)');
    expect(eggs).toHaveTextContent('182 kcal');
    // The eggs weighed instead; the coffee taken out.
    await user.selectOptions(within(eggs).getByLabelText('Unidad'), 'g');
    await user.clear(within(eggs).getByLabelText('Cantidad'));
    await user.type(within(eggs).getByLabelText('Cantidad'), '120');
    expect(eggs).toHaveTextContent('179 kcal');
    await user.click(within(list).getByRole('button', { name: 'Quitar Café con leche' }));
    expect(within(list).getAllByRole('group')).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Añadir todo' }));
    await vi.waitFor(() => {
      expect(posted(fake)).toEqual([
        expect.objectContaining({ food_id: scrambled.id, quantity: 120, unit: 'g' }),
        expect.objectContaining({ food_id: toast.id, quantity: 1, unit: '1 rebanada' }),
      ]);
    }, WAIT);
    await vi.waitFor(() => {
      expect(within(sheet).queryByRole('region', { name: 'Alimentos de tu frase' })).toBeNull();
    }, WAIT);
    expect(within(sheet).getByLabelText('Buscar alimento')).toHaveValue('');
  });

  it('logs nothing twice when «Añadir todo» is tapped again after a failure', async () => {
    const fake = server(toast.id);
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const sheet = await openSheet(user);
    await user.type(
      await within(sheet).findByLabelText('Buscar alimento', {}, { timeout: 5000 }),
      LINE,
    );
    const list = await within(sheet).findByRole(
      'region',
      { name: 'Alimentos de tu frase' },
      { timeout: 5000 },
    );
    await user.click(within(list).getByRole('button', { name: 'Añadir todo' }));
    // The eggs are logged and leave the list; the toast failed and stays, with the coffee.
    await vi.waitFor(() => {
      expect(
        within(list)
          .getAllByRole('group')
          .map((row) => row.getAttribute('aria-label')),
      ).toEqual(['Pan con tomate', 'Café con leche']);
    }, WAIT);
    await vi.waitFor(() => {
      expect(within(list).getByRole('button', { name: 'Añadir todo' })).toBeEnabled();
    }, WAIT);
    await user.click(within(list).getByRole('button', { name: 'Añadir todo' }));
    await vi.waitFor(() => {
      expect(
        fake.entries().map((entry) => (entry as unknown as { food_id: string }).food_id),
      ).toEqual([scrambled.id, toast.id, coffee.id]);
    }, WAIT);
    const sent = posted(fake);
    // The toast was sent twice under one identifier; nothing else was sent again.
    expect(sent.map((body) => body.food_id)).toEqual([scrambled.id, toast.id, toast.id, coffee.id]);
    expect(sent[1]?.id).toBe(sent[2]?.id);
  });
});
