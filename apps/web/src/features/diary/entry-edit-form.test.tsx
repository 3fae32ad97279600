import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aSubscription,
  anUser,
  installFakeApi,
  ok,
  type FakeAnswer,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const DAY = '2026-03-02';
/** The diary's first screen loads its code first: on a busy machine, more than a second. */
const FIRST_SCREEN = { timeout: 5000 };
const zero = { kcal: 0, protein_g: 0, carbohydrate_g: 0, fat_g: 0, fibre_g: 0 };
const table = {
  origin: 'table',
  fibre_g: 0,
  density_g_per_ml: null,
  alcohol_g: 0,
  state: null,
  source: 'USDA FDC SR Legacy',
  barcode: null,
  brand: '',
  allergens: [],
  allergy_warnings: [],
  other_allergy_warnings: [],
  favourite: false,
  recent: true,
};
const lentils = {
  ...table,
  id: '7b2e1c3a-4d5f-4e7a-8b9c-0d1e2f3a4b5c',
  name: 'Lentejas cocidas',
  kcal: 116,
  protein_g: 9.02,
  carbohydrate_g: 20.13,
  available_carbohydrate_g: 12.23,
  fat_g: 0.38,
  fibre_g: 7.9,
  portions: [
    { name: '1 taza', grams: 198 },
    { name: '1 plato', grams: 250 },
  ],
};
const oil = {
  ...table,
  id: '8c3f2d4b-5e6a-4f8b-9c0d-1e2f3a4b5c6d',
  name: 'Aceite de oliva',
  kcal: 884,
  protein_g: 0,
  carbohydrate_g: 0,
  available_carbohydrate_g: 0,
  fat_g: 100,
  density_g_per_ml: 0.92,
  portions: [
    { name: '1 cucharada', grams: 13.5 },
    { name: '1 cucharadita', grams: 4.5 },
  ],
};
/** A cup of lentils, as logged: 198 g, 229,68 kcal shown as 230. */
const cup = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  date: DAY,
  meal: 'comida',
  kind: 'food',
  food_id: lentils.id,
  name: 'Lentejas cocidas',
  quantity: 1,
  unit: '1 taza',
  grams: 198,
  kcal: 230,
  protein_g: 18,
  carbohydrate_g: 40,
  fat_g: 1,
  fibre_g: 16,
};

function aDay(logged: typeof cup = cup) {
  return {
    date: DAY,
    meals: ['desayuno', 'almuerzo', 'comida', 'merienda', 'cena'].map((meal) => ({
      meal,
      entries: meal === 'comida' ? [logged] : [],
      totals: meal === 'comida' ? { ...zero, kcal: logged.kcal } : zero,
    })),
    totals: { ...zero, kcal: logged.kcal },
    targets: null,
    water_ml: 0,
    notes: '',
    completeness_marked: null,
    completeness: 'partial',
    workouts: [],
  };
}

function api(answers: Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)> = {}) {
  /** The entry as the API holds it: a change is read back with the day. */
  let held = cup;
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok({
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      user_id: anUser.id,
      metric_system: 'metric',
      theme: 'light',
      language: 'es',
      timezone: 'Europe/Madrid',
      extra: '',
    }),
    [`GET /diary/days/${DAY}/`]: () => ok(aDay(held)),
    [`GET /foods/${lentils.id}/`]: ok(lentils),
    [`PUT /diary/entries/${cup.id}/`]: (call: FakeCall) => {
      const body = call.body as { quantity: number; unit: string };
      const grams = body.quantity * (body.unit === 'g' ? 1 : 198);
      held = { ...cup, ...body, grams, kcal: Math.round((116 * grams) / 100) };
      return ok(held);
    },
    'GET /foods/': (call: FakeCall) =>
      ok(
        call.search.includes('q=acei')
          ? [{ ...oil, recent: true }]
          : [{ ...oil, last_amount: { quantity: 1, unit: '1 cucharada' } }],
      ),
    'POST /diary/entries/': (call: FakeCall) => ({
      status: 201,
      data: { ...cup, ...(call.body as object), food_id: oil.id, name: oil.name },
    }),
    ...answers,
  });
}

async function openCup(user: ReturnType<typeof userEvent.setup>) {
  const lunch = await screen.findByRole('region', { name: 'Comida' }, FIRST_SCREEN);
  await user.click(within(lunch).getByRole('button', { name: 'Editar Lentejas cocidas' }));
  const form = await within(lunch).findByRole('form', { name: 'Editar Lentejas cocidas' });
  // The food's portions arrive with it: the form offers them once read.
  await within(form).findByRole('option', { name: '1 plato (250 g)' });
  return { lunch, form };
}

describe('changing the amount of an entry', () => {
  beforeEach(() => {
    logIn();
  });
  afterEach(() => {
    cleanup();
  });

  it('is typed in grams, with the energy changing before it is saved', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const { lunch, form } = await openCup(user);
    const amount = within(form).getByLabelText('Cantidad');
    expect(amount).toHaveValue('1');
    expect(within(form).getByLabelText('Unidad')).toHaveDisplayValue('1 taza (198 g)');
    // 198 g at 116 kcal per 100 g.
    expect(within(form).getByText(/^230 kcal · 17,9 g de proteínas/)).toBeVisible();

    await user.selectOptions(within(form).getByLabelText('Unidad'), 'g');
    expect(amount).toHaveValue('198');
    await user.clear(amount);
    await user.type(amount, '250');
    expect(
      within(form).getByText(/^290 kcal · 22,6 g de proteínas · 50,3 g de hidratos/),
    ).toBeVisible();
    expect(calls.callsTo('PUT', `/diary/entries/${cup.id}/`)).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/entries/${cup.id}/`)[0]?.body).toEqual({
        quantity: 250,
        unit: 'g',
      });
    });
    // Shown as typed: 250 g, never "1,26 × 1 taza (249 g)".
    expect(await within(lunch).findByText('250 g')).toBeVisible();
    expect(within(lunch).getByLabelText('Total de Comida')).toHaveTextContent('290 kcal');
  });

  it('keeps the grams when the unit changes', async () => {
    api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const { form } = await openCup(user);
    const unit = within(form).getByLabelText('Unidad');
    const amount = within(form).getByLabelText('Cantidad');
    await user.clear(amount);
    await user.type(amount, '2');
    await user.selectOptions(unit, '1 plato');
    // 2 cups are 396 g: 1,58 plates of 250 g.
    expect(amount).toHaveValue('1,58');
    expect(within(form).getByText(/^459 kcal/)).toBeVisible();
    expect(within(form).getByText(/\(396 g\)$/)).toBeVisible();
    await user.selectOptions(unit, 'g');
    expect(amount).toHaveValue('396');
    await user.selectOptions(unit, '1 taza');
    expect(amount).toHaveValue('2');
  });

  it('reads a decimal comma, as it is typed in Spain', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const { form } = await openCup(user);
    const amount = within(form).getByLabelText('Cantidad');
    await user.clear(amount);
    await user.type(amount, '1,5');
    // 297 g.
    expect(within(form).getByText(/^345 kcal/)).toBeVisible();
    expect(within(form).getByText(/\(297 g\)$/)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/entries/${cup.id}/`)[0]?.body).toEqual({
        quantity: 1.5,
      });
    });
  });

  it('refuses nothing, zero, words and more than 5 kg in Spanish, and saves nothing', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const { form } = await openCup(user);
    const amount = within(form).getByLabelText('Cantidad');
    const save = within(form).getByRole('button', { name: 'Guardar' });
    const refused = async (typed: string, message: string) => {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(save);
      expect(await within(form).findByText(message)).toBeVisible();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(within(form).queryByText(/kcal ·/)).toBeNull();
    };
    await refused('', 'La cantidad debe ser mayor que 0');
    await refused('0', 'La cantidad debe ser mayor que 0');
    await refused('mucho', 'La cantidad debe ser un número válido');
    // 30 plates of lentils weigh 7,5 kg.
    await refused('30', 'La cantidad no puede superar 5 kg');
    await user.selectOptions(within(form).getByLabelText('Unidad'), 'g');
    await refused('5001', 'La cantidad no puede superar 5000');
    expect(calls.callsTo('PUT', `/diary/entries/${cup.id}/`)).toHaveLength(0);
  });

  it('still offers grams with the entry’s own figures when the food cannot be read', async () => {
    const calls = api({ [`GET /foods/${lentils.id}/`]: { status: 404, data: {} } });
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' }, FIRST_SCREEN);
    await user.click(within(lunch).getByRole('button', { name: 'Editar Lentejas cocidas' }));
    const form = await within(lunch).findByRole('form', { name: 'Editar Lentejas cocidas' });
    const unit = within(form).getByLabelText('Unidad');
    expect(
      within(unit)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 taza (198 g)', 'g']);
    await user.selectOptions(unit, 'g');
    const amount = within(form).getByLabelText('Cantidad');
    await user.clear(amount);
    await user.type(amount, '99');
    // Half the cup's 230 kcal.
    expect(within(form).getByText(/^115 kcal/)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/entries/${cup.id}/`)[0]?.body).toEqual({
        quantity: 99,
        unit: 'g',
      });
    });
  });
});

describe('the amount remembered per food', () => {
  beforeEach(() => {
    logIn();
  });
  afterEach(() => {
    cleanup();
  });

  it('shows recents with its energy, and logs it in one tap or offers it from a search', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const breakfast = await screen.findByRole('region', { name: 'Desayuno' }, FIRST_SCREEN);
    await user.click(within(breakfast).getByRole('button', { name: 'Añadir a Desayuno' }));
    const results = await screen.findByRole('list', { name: 'Resultados' });
    // A tablespoon: 13,5 g at 884 kcal per 100 g.
    expect(await within(results).findByText(/^1 cucharada · 119 kcal/)).toBeVisible();
    expect(within(results).queryByText(/884 kcal por 100 g/)).toBeNull();
    await user.click(
      within(results).getByRole('button', { name: 'Añadir Aceite de oliva (1 cucharada)' }),
    );
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', '/diary/entries/')[0]?.body).toMatchObject({
        food_id: oil.id,
        quantity: 1,
        unit: '1 cucharada',
      });
    });

    // A search's answer carries no amount: the one remembered is offered.
    await user.type(screen.getByLabelText('Buscar alimento'), 'aceite');
    const found = await screen.findByRole('list', { name: 'Resultados' });
    await user.click(await within(found).findByText('Aceite de oliva'));
    const chosen = await screen.findByRole('form', { name: 'Cantidad de Aceite de oliva' });
    expect(within(chosen).getByLabelText('Cantidad')).toHaveValue('1');
    expect(within(chosen).getByLabelText('Unidad')).toHaveValue('1 cucharada');
  });
});
