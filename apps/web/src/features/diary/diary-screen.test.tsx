import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aSubscription, anUser, installFakeApi, ok, type FakeCall } from '../../test/fake-api';
import { logIn, renderApp } from '../../test/render-app';

const DAY = '2026-03-02';
const zero = { kcal: 0, protein_g: 0, carbohydrate_g: 0, fat_g: 0, fibre_g: 0 };
const egg = {
  id: '5f0c9a1e-2b3d-4c5e-8f6a-7b8c9d0e1f2a',
  name: 'Huevo',
  origin: 'table',
  kcal: 143,
  protein_g: 12.56,
  carbohydrate_g: 0.72,
  fat_g: 9.51,
  fibre_g: 0,
  density_g_per_ml: null,
  portions: [{ name: '1 huevo', grams: 50 }],
  source: 'USDA FDC SR Legacy: Egg, whole, raw, fresh',
  favourite: false,
  recent: true,
};
const entry = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  date: DAY,
  meal: 'desayuno',
  kind: 'food',
  food_id: egg.id,
  name: 'Huevo',
  quantity: 2,
  unit: '1 huevo',
  grams: 100,
  kcal: 143,
  protein_g: 13,
  carbohydrate_g: 1,
  fat_g: 10,
  fibre_g: 0,
};
const workout = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  date: DAY,
  name: '',
  exercises: [
    {
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      exercise: {
        id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
        name: 'Sentadilla',
        muscle_group: 'quadriceps',
        equipment: 'barbell',
      },
      sets: [{ id: '4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f80', reps: 5, weight_kg: 100 }],
    },
  ],
};

function aDay(overrides: Record<string, unknown> = {}) {
  return {
    date: DAY,
    meals: ['desayuno', 'almuerzo', 'comida', 'merienda', 'cena'].map((meal) => ({
      meal,
      entries: meal === 'desayuno' ? [entry] : [],
      totals:
        meal === 'desayuno'
          ? { ...zero, kcal: 143, protein_g: 13, carbohydrate_g: 1, fat_g: 10 }
          : zero,
    })),
    totals: { ...zero, kcal: 143, protein_g: 13, carbohydrate_g: 1, fat_g: 10 },
    targets: null,
    water_ml: 500,
    notes: '',
    workouts: [workout],
    ...overrides,
  };
}

function api(system: 'metric' | 'imperial' = 'metric', day = aDay()) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok({
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      user_id: anUser.id,
      metric_system: system,
      theme: 'light',
      language: 'es',
      timezone: 'Europe/Madrid',
      extra: '',
    }),
    [`GET /diary/days/${DAY}/`]: ok(day),
    'GET /foods/': (call: FakeCall) => ok(call.search.includes('q=huev') ? [egg] : []),
    'POST /diary/entries/': (call: FakeCall) => ({
      status: 201,
      data: { ...entry, ...(call.body as object) },
    }),
    [`PUT /diary/days/${DAY}/water/`]: (call: FakeCall) =>
      ok({ date: DAY, ...(call.body as object) }),
    'GET /exercises/': ok([workout.exercises[0]?.exercise]),
    [`PUT /diary/sets/${workout.exercises[0]?.sets[0]?.id ?? ''}/`]: ok(workout),
  });
}

describe('the diary screen', () => {
  beforeEach(() => {
    logIn();
  });

  it('shows the day’s meals with their totals, and the day against nothing when there are no targets', async () => {
    api();
    renderApp(`/users/diary?date=${DAY}`);
    const breakfast = await screen.findByRole('region', { name: 'Desayuno' });
    expect(within(breakfast).getByLabelText('Total de Desayuno')).toHaveTextContent('143 kcal');
    expect(within(breakfast).getByText('2 × 1 huevo (100 g)')).toBeVisible();
    expect(screen.getByTestId('day-kcal')).toHaveTextContent('143');
    expect(screen.getByRole('region', { name: 'Resumen del día' })).toHaveTextContent(
      'Proteínas13 g',
    );
    expect(screen.getByText(/2 de marzo de 2026/)).toBeVisible();
  });

  it('logs a food found by search with its usual portion, in a few taps', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' });
    await user.click(within(lunch).getByRole('button', { name: 'Añadir a Comida' }));
    await user.type(within(lunch).getByLabelText('Buscar alimento'), 'huevo');
    await user.click(await within(lunch).findByRole('button', { name: /^Huevo/ }));
    expect(within(lunch).getByLabelText('Cantidad')).toHaveValue('1');
    await user.click(within(lunch).getByRole('button', { name: 'Añadir' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', '/diary/entries/')).toHaveLength(1);
    });
    expect(calls.callsTo('POST', '/diary/entries/')[0]?.body).toEqual({
      kind: 'food',
      date: DAY,
      meal: 'comida',
      food_id: egg.id,
      quantity: 1,
      unit: '1 huevo',
    });
  });

  it('adds water a glass (250 ml) at a time', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const water = await screen.findByRole('region', { name: 'Agua' });
    expect(within(water).getByTestId('water')).toHaveTextContent('500 ml');
    await user.click(within(water).getByRole('button', { name: 'Añadir 250 ml' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/days/${DAY}/water/`)[0]?.body).toEqual({ water_ml: 750 });
    });
  });

  it('speaks fluid ounces and pounds to imperial users, and sends metric', async () => {
    const calls = api('imperial');
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const water = await screen.findByRole('region', { name: 'Agua' });
    expect(within(water).getByTestId('water')).toHaveTextContent('16,9 fl oz');
    const training = screen.getByRole('region', { name: 'Entrenamiento' });
    expect(within(training).getByText('5 × 220,5 lb')).toBeVisible();
    await user.click(within(training).getByRole('button', { name: 'Editar serie 1' }));
    const form = within(training).getByRole('form', { name: 'Editar serie 1' });
    const load = within(form).getByLabelText('Peso (lb)');
    await user.clear(load);
    await user.type(load, '225');
    await user.click(within(form).getByRole('button', { name: 'Guardar serie' }));
    await vi.waitFor(() => {
      expect(
        calls.callsTo('PUT', `/diary/sets/${workout.exercises[0]?.sets[0]?.id ?? ''}/`)[0]?.body,
      ).toEqual({
        reps: 5,
        weight_kg: 102.06,
      });
    });
  });
});
