import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { quickEntryInputSchema, repsSchema } from '@forja/shared/schemas/diary';
import { foodInputSchema } from '@forja/shared/schemas/foods';
import {
  aSubscription,
  anUser,
  failure,
  holdCalls,
  installFakeApi,
  ok,
  type FakeAnswer,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

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
  alcohol_g: 0,
  state: null,
  source: 'USDA FDC SR Legacy: Egg, whole, raw, fresh',
  available_carbohydrate_g: 0.72,
  barcode: null,
  brand: '',
  allergens: [],
  allergy_warnings: [],
  other_allergy_warnings: [],
  favourite: false,
  recent: true,
};
const lentils = [
  {
    ...egg,
    id: '7b2e1c3a-4d5f-4e7a-8b9c-0d1e2f3a4b5c',
    name: 'Lentejas cocidas',
    kcal: 116,
    portions: [],
    recent: false,
    source: 'USDA FDC SR Legacy: Lentils, mature seeds, cooked, boiled, without salt',
  },
  {
    ...egg,
    id: '8c3f2d4b-5e6a-4f8b-9c0d-1e2f3a4b5c6d',
    name: 'Lentejas crudas',
    kcal: 352,
    portions: [],
    recent: false,
    state: 'dry',
    source: 'USDA FDC SR Legacy: Lentils, raw',
  },
];
const milk = {
  ...egg,
  id: '6a1d0b2f-3c4e-4d6f-9a7b-8c9d0e1f2a3b',
  name: 'Leche entera',
  kcal: 61,
  density_g_per_ml: 1.03,
  portions: [{ name: '1 vaso', grams: 250 }],
  source: 'USDA FDC SR Legacy: Milk, whole, 3.25% milkfat, with added vitamin D',
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
      sets: [
        {
          id: '4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f80',
          reps: 5,
          weight_kg: 100,
          rpe: null,
          record: false,
        },
      ],
      notes: '',
      last_time: [],
    },
  ],
};

const glass = {
  ...entry,
  id: '7b2e1c3a-4d5f-4e7a-8b9c-0d1e2f3a4b5c',
  meal: 'merienda',
  food_id: milk.id,
  name: 'Leche entera',
  quantity: 250,
  unit: 'ml',
  grams: 257.5,
  kcal: 157,
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
    completeness_marked: null,
    completeness: 'partial',
    workouts: [workout],
    ...overrides,
  };
}

/** Opens the edit form of the day's first set (the squat's first), as a tap on "Editar" does. */
async function editFirstSet(user: ReturnType<typeof userEvent.setup>, training: HTMLElement) {
  await user.click(within(training).getByRole('button', { name: 'Editar serie 1 de Sentadilla' }));
  return within(training).getByRole('form', { name: 'Editar serie 1 de Sentadilla' });
}

function api(
  system: 'metric' | 'imperial' = 'metric',
  day = aDay(),
  answers: Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)> = {},
) {
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
    'GET /foods/': (call: FakeCall) =>
      ok(
        call.search.includes('q=huev')
          ? [egg]
          : call.search.includes('q=lech')
            ? [milk]
            : call.search.includes('q=lent')
              ? lentils
              : [],
      ),
    'POST /diary/entries/': (call: FakeCall) => ({
      status: 201,
      data: { ...entry, ...(call.body as object) },
    }),
    [`PUT /diary/entries/${glass.id}/`]: (call: FakeCall) =>
      ok({ ...glass, ...(call.body as object) }),
    [`PUT /diary/days/${DAY}/water/`]: (call: FakeCall) =>
      ok({ date: DAY, ...(call.body as object) }),
    'GET /exercises/': ok([workout.exercises[0]?.exercise]),
    [`PUT /diary/sets/${workout.exercises[0]?.sets[0]?.id ?? ''}/`]: ok(workout),
    ...answers,
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
    // The day in the header, the year said only when it is not this one.
    expect(
      within(screen.getByRole('navigation', { name: 'Día' })).getByRole('button', {
        name: /^lunes, 2 de marzo( de 2026)?\. Elegir otro día$/,
      }),
    ).toBeVisible();
  });

  it('shows a note and a food name that read like timestamps as the text they are', async () => {
    const timestamp = '2026-01-01T00:00:00.000Z';
    api(
      'metric',
      aDay({
        notes: timestamp,
        meals: aDay().meals.map((meal) => ({
          ...meal,
          entries: meal.entries.map((logged) => ({ ...logged, name: timestamp })),
        })),
      }),
    );
    renderApp(`/users/diary?date=${DAY}`);
    const breakfast = await screen.findByRole('region', { name: 'Desayuno' });
    expect(within(breakfast).getByText(timestamp)).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Notas del día' })).toHaveValue(timestamp);
  });

  it('keeps an unsaved note as a draft through a reload, and forgets it once saved', async () => {
    const calls = api('metric', aDay(), {
      [`PUT /diary/days/${DAY}/notes/`]: (call) => ok({ date: DAY, ...(call.body as object) }),
    });
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Notas del día' }), 'Dormí mal');
    expect(await screen.findByText('Borrador guardado')).toBeVisible();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([
      `draft:${anUser.id}:diary-notes:${DAY}`,
    ]);

    // A reload: the screen is gone and comes back, the note is still there.
    cleanup();
    renderApp(`/users/diary?date=${DAY}`);
    const notes = await screen.findByRole('textbox', { name: 'Notas del día' });
    await vi.waitFor(() => {
      expect(notes).toHaveValue('Dormí mal');
    });
    expect(await screen.findByText('Borrador guardado')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Guardar notas' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/days/${DAY}/notes/`)).toHaveLength(1);
    });
    expect(calls.callsTo('PUT', `/diary/days/${DAY}/notes/`)[0]?.body).toEqual({
      notes: 'Dormí mal',
    });
    await vi.waitFor(() => {
      expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);
    });
    expect(screen.queryByText('Borrador guardado')).toBeNull();
  }, 20_000);

  it('logs a food found by search with its usual portion, in a few taps', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' });
    await user.click(within(lunch).getByRole('button', { name: 'Añadir a Comida' }));
    await user.type(
      await within(lunch).findByLabelText('Buscar alimento', {}, { timeout: 5000 }),
      'huevo',
    );
    await user.click(await within(lunch).findByRole('button', { name: /^Huevo/ }));
    expect(within(lunch).getByLabelText('Cantidad')).toHaveValue('1');
    const held = holdCalls('/diary/entries/');
    await user.click(within(lunch).getByRole('button', { name: 'Añadir' }));
    // Greyed out while it is added, and saying so.
    expect(within(lunch).getByRole('button', { name: 'Añadiendo...' })).toBeDisabled();
    held.release();
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', '/diary/entries/')).toHaveLength(1);
    });
    expect(calls.callsTo('POST', '/diary/entries/')[0]?.body).toEqual({
      id: expect.any(String),
      kind: 'food',
      date: DAY,
      meal: 'comida',
      food_id: egg.id,
      quantity: 1,
      unit: '1 huevo',
    });
  });

  it('looks up a barcode only once one is typed, and says so under the box', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' });
    await user.click(within(lunch).getByRole('button', { name: 'Añadir a Comida' }));
    await user.click(
      await within(lunch).findByRole(
        'button',
        { name: 'Escanear código de barras' },
        { timeout: 5000 },
      ),
    );
    const look = within(lunch).getByRole('button', { name: 'Buscar producto' });
    expect(look).toBeEnabled();
    await user.click(look);
    const box = within(lunch).getByRole('textbox', { name: 'Código de barras' });
    expect(within(lunch).getByText('Escribe las cifras del código de barras')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await vi.waitFor(() => {
      expect(box).toHaveAccessibleDescription(
        'Las cifras bajo las barras Escribe las cifras del código de barras',
      );
    });
    expect(calls.calls.filter((call) => call.path.includes('barcode'))).toHaveLength(0);
  });

  it('says beside the energy which foods are weighed dry or raw, before cooking', async () => {
    api('metric', aDay());
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' });
    await user.click(within(lunch).getByRole('button', { name: 'Añadir a Comida' }));
    await user.type(
      await within(lunch).findByLabelText('Buscar alimento', {}, { timeout: 5000 }),
      'lentejas',
    );
    const cooked = await within(lunch).findByRole('button', { name: /^Lentejas cocidas/ });
    expect(cooked).toHaveTextContent(/116 kcal por 100 g$/);
    expect(within(lunch).getByRole('button', { name: /^Lentejas crudas/ })).toHaveTextContent(
      '352 kcal por 100 g en seco',
    );
  });

  it('says what the server says when a day is full, on adding and on copying', async () => {
    const full = 'Un día admite como máximo 200 alimentos';
    const calls = api('metric', aDay(), {
      'POST /diary/entries/': failure(400, 'diary day full', full),
      'POST /diary/copy/': failure(
        400,
        'diary day full',
        `${full}: caben 3 más y la copia tiene 5`,
      ),
    });
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' });
    await user.click(within(lunch).getByRole('button', { name: 'Añadir a Comida' }));
    await user.type(
      await within(lunch).findByLabelText('Buscar alimento', {}, { timeout: 5000 }),
      'huevo',
    );
    await user.click(await within(lunch).findByRole('button', { name: /^Huevo/ }));
    await user.click(within(lunch).getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText(full)).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Copiar día' }));
    // The day has breakfast: the copy asks before adding to it.
    const asking = await screen.findByRole('dialog', { name: '¿Copiar igualmente?' });
    expect(asking).toHaveTextContent('Este día ya tiene 1 alimento.');
    expect(calls.callsTo('POST', '/diary/copy/')).toHaveLength(0);
    await user.click(within(asking).getByRole('button', { name: 'Copiar igualmente' }));
    expect(await screen.findByText(`${full}: caben 3 más y la copia tiene 5`)).toBeVisible();
    expect(calls.callsTo('POST', '/diary/copy/')).toHaveLength(1);
  });

  it('marks the day as complete, and takes the mark away with the same button', async () => {
    const calls = api('metric', aDay(), {
      [`PUT /diary/days/${DAY}/completeness/`]: (call: FakeCall) =>
        ok({
          date: DAY,
          completeness_marked: (call.body as { completeness: unknown }).completeness,
        }),
    });
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Cómo de completo está el día' });
    expect(screen.getByTestId('completeness-hint')).toHaveTextContent(
      'Sin marcar, cuenta como a medias',
    );
    const complete = within(group).getByRole('button', { name: 'Día completo' });
    expect(complete).toHaveAttribute('aria-pressed', 'false');
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Día completo', 'Día a medias', 'Sin registrar']);
    await user.click(complete);
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/days/${DAY}/completeness/`)[0]?.body).toEqual({
        completeness: 'complete',
      });
    });
  });

  it('shows the mark and takes it away when the pressed button is pressed again', async () => {
    const calls = api('metric', aDay({ completeness_marked: 'partial' }), {
      [`PUT /diary/days/${DAY}/completeness/`]: ok({ date: DAY, completeness_marked: null }),
    });
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Cómo de completo está el día' });
    const partial = within(group).getByRole('button', { name: 'Día a medias' });
    expect(partial).toHaveAttribute('aria-pressed', 'true');
    await user.click(partial);
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/days/${DAY}/completeness/`)[0]?.body).toEqual({
        completeness: null,
      });
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
    const training = await screen.findByRole('region', { name: 'Entrenamiento' });
    expect(within(training).getByText('5 × 220,5 lb')).toBeVisible();
    const form = await editFirstSet(user, training);
    const load = within(form).getByLabelText('Peso (lb)');
    await user.clear(load);
    await user.type(load, '225');
    await user.click(within(form).getByRole('button', { name: 'Guardar serie 1 de Sentadilla' }));
    await vi.waitFor(() => {
      expect(
        calls.callsTo('PUT', `/diary/sets/${workout.exercises[0]?.sets[0]?.id ?? ''}/`)[0]?.body,
      ).toEqual({
        reps: 5,
        weight_kg: 102.06,
        rpe: null,
      });
    });
  });

  it('removes a set with its row’s button: the row goes at once, and the API is asked once', async () => {
    const [squat] = workout.exercises;
    const setId = squat?.sets[0]?.id ?? '';
    let removed = false;
    const calls = api('metric', aDay(), {
      [`DELETE /diary/sets/${setId}/`]: () => {
        removed = true;
        return { status: 204 };
      },
      [`GET /diary/days/${DAY}/`]: () =>
        ok(
          removed
            ? aDay({ workouts: [{ ...workout, exercises: [{ ...squat, sets: [] }] }] })
            : aDay(),
        ),
    });
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const training = await screen.findByRole('region', { name: 'Entrenamiento' });
    expect(within(training).getByText('5 × 100 kg')).toBeVisible();
    const readBefore = calls.callsTo('GET', `/diary/days/${DAY}/`).length;
    await user.click(
      within(training).getByRole('button', { name: 'Eliminar serie 1 de Sentadilla' }),
    );
    await vi.waitFor(() => {
      expect(within(training).queryByText('5 × 100 kg')).toBeNull();
    });
    await vi.waitFor(() => {
      expect(calls.callsTo('GET', `/diary/days/${DAY}/`).length).toBeGreaterThan(readBefore);
    });
    expect(calls.callsTo('DELETE', `/diary/sets/${setId}/`)).toHaveLength(1);
    expect(within(training).queryByText('5 × 100 kg')).toBeNull();
  });

  it('puts a set back as it was when its edit is cancelled, sending nothing', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const training = await screen.findByRole('region', { name: 'Entrenamiento' });
    const form = await editFirstSet(user, training);
    await user.clear(within(form).getByLabelText('Peso (kg)'));
    await user.type(within(form).getByLabelText('Peso (kg)'), '120');
    await user.click(within(training).getByRole('button', { name: 'Cancelar' }));
    expect(within(training).getByText('5 × 100 kg')).toBeVisible();
    expect(
      within(training).queryByRole('form', { name: 'Editar serie 1 de Sentadilla' }),
    ).toBeNull();
    expect(calls.callsTo('PUT', `/diary/sets/${workout.exercises[0]?.sets[0]?.id ?? ''}/`)).toEqual(
      [],
    );
  });

  it('takes and shows drinks in fluid ounces to imperial users, and sends millilitres', async () => {
    const calls = api('imperial');
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const dinner = await screen.findByRole('region', { name: 'Cena' });
    await user.click(within(dinner).getByRole('button', { name: 'Añadir a Cena' }));
    await user.type(
      await within(dinner).findByLabelText('Buscar alimento', {}, { timeout: 5000 }),
      'leche',
    );
    await user.click(await within(dinner).findByRole('button', { name: /^Leche entera/ }));
    const unit = within(dinner).getByLabelText('Unidad');
    expect(
      within(unit)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 vaso (250 g)', 'g', 'fl oz']);
    await user.selectOptions(unit, 'fl oz');
    const amount = within(dinner).getByLabelText('Cantidad');
    await user.clear(amount);
    await user.type(amount, '8');
    // 8 fl oz = 236.59 ml × 1.03 g/ml × 61 kcal per 100 g
    expect(within(dinner).getByText('149 kcal')).toBeVisible();
    await user.click(within(dinner).getByRole('button', { name: 'Añadir' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', '/diary/entries/')[0]?.body).toEqual({
        id: expect.any(String),
        kind: 'food',
        date: DAY,
        meal: 'cena',
        food_id: milk.id,
        quantity: 236.59,
        unit: 'ml',
      });
    });
  });

  it('edits the amount of a drink in fluid ounces, and sends it only when it changed', async () => {
    const day = aDay();
    const withGlass = {
      ...day,
      meals: day.meals.map((meal) =>
        meal.meal === 'merienda' ? { ...meal, entries: [glass] } : meal,
      ),
    };
    const calls = api('imperial', withGlass);
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const snack = await screen.findByRole('region', { name: 'Merienda' });
    expect(within(snack).getByText('8,5 fl oz')).toBeVisible();

    await user.click(within(snack).getByRole('button', { name: 'Editar Leche entera' }));
    const form = await within(snack).findByRole('form', { name: 'Editar Leche entera' });
    // 250 ml = 8.45 fl oz
    expect(within(form).getByLabelText('Cantidad')).toHaveValue('8,5');
    expect(within(form).getByLabelText('Unidad')).toHaveDisplayValue('fl oz');
    await user.selectOptions(within(form).getByLabelText('Comida'), 'cena');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/entries/${glass.id}/`)[0]?.body).toEqual({
        meal: 'cena',
      });
    });

    await user.click(within(snack).getByRole('button', { name: 'Editar Leche entera' }));
    const again = await within(snack).findByRole('form', { name: 'Editar Leche entera' });
    const amount = within(again).getByLabelText('Cantidad');
    await user.clear(amount);
    await user.type(amount, '12');
    await user.click(within(again).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/entries/${glass.id}/`)[1]?.body).toEqual({
        quantity: 354.88,
      });
    });
  });

  it('keeps set loads within what a set can weigh, in pounds for imperial users', async () => {
    const calls = api('imperial');
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const training = await screen.findByRole('region', { name: 'Entrenamiento' });
    const form = within(training).getByRole('form', { name: 'Serie 2 de Sentadilla' });
    const load = within(form).getByLabelText('Peso (lb)');
    await user.clear(load);
    await user.type(load, '2500');
    await user.click(within(form).getByRole('button', { name: 'Confirmar serie 2 de Sentadilla' }));
    // 1000 kg = 2204.6 lb
    expect(within(form).getByText('Como mucho 2204 lb')).toBeVisible();
    expect(
      calls.callsTo('POST', `/diary/workout-exercises/${workout.exercises[0]?.id ?? ''}/sets/`),
    ).toHaveLength(0);
  });

  it('reads number boxes as the shared schema does: a decimal comma, an empty box as 0', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' });
    await user.click(within(lunch).getByRole('button', { name: 'Añadir a Comida' }));
    await user.click(within(lunch).getByRole('radio', { name: 'Añadido rápido' }));
    const form = within(lunch).getByRole('form', { name: 'Añadido rápido' });
    await user.type(within(form).getByLabelText('Calorías (kcal)'), '250,5');
    const carbohydrates = within(form).getByLabelText('Carbohidratos (g)');
    await user.type(carbohydrates, 'mucho');
    await user.click(within(form).getByRole('button', { name: 'Añadir calorías' }));
    // Text that is not a number gets the shared message, under its own box.
    await vi.waitFor(() => {
      expect(carbohydrates).toHaveAccessibleDescription(
        'Los carbohidratos deben ser un número válido',
      );
    });
    expect(carbohydrates).toHaveAttribute('aria-invalid', 'true');
    expect(calls.callsTo('POST', '/diary/entries/')).toHaveLength(0);

    await user.clear(carbohydrates);
    await user.type(carbohydrates, '30.5');
    const held = holdCalls('/diary/entries/');
    await user.click(within(form).getByRole('button', { name: 'Añadir calorías' }));
    expect(within(form).getByRole('button', { name: 'Añadiendo...' })).toBeDisabled();
    held.release();
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', '/diary/entries/')[0]?.body).toEqual({
        id: expect.any(String),
        kind: 'quick',
        date: DAY,
        meal: 'comida',
        name: '',
        kcal: 250.5,
        protein_g: 0,
        carbohydrate_g: 30.5,
        fat_g: 0,
      });
    });
  });

  it('refuses a quick add over 10 000 kcal with the shared schema’s message', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const dinner = await screen.findByRole('region', { name: 'Cena' });
    await user.click(within(dinner).getByRole('button', { name: 'Añadir a Cena' }));
    await user.click(within(dinner).getByRole('radio', { name: 'Añadido rápido' }));
    const form = within(dinner).getByRole('form', { name: 'Añadido rápido' });
    const kcal = within(form).getByLabelText('Calorías (kcal)');
    await user.type(kcal, '10001');
    await user.click(within(form).getByRole('button', { name: 'Añadir calorías' }));
    const message = quickEntryInputSchema.shape.kcal.safeParse(10_001).error?.issues[0]?.message;
    expect(message).toBe('Las calorías no pueden superar 10.000 kcal');
    await vi.waitFor(() => {
      expect(kcal).toHaveAccessibleDescription(message);
    });
    expect(calls.callsTo('POST', '/diary/entries/')).toHaveLength(0);
  });

  it('shows what is wrong with a set under that set’s own box', async () => {
    api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const training = await screen.findByRole('region', { name: 'Entrenamiento' });
    const form = await editFirstSet(user, training);
    const reps = within(form).getByLabelText('Reps');
    await user.clear(reps);
    await user.type(reps, '5,5');
    await user.click(within(form).getByRole('button', { name: 'Guardar serie 1 de Sentadilla' }));
    const message = repsSchema.safeParse(5.5).error?.issues[0]?.message;
    expect(message).toBe('Las repeticiones deben ser un número entero');
    await vi.waitFor(() => {
      expect(reps).toHaveAccessibleDescription(message);
    });
    expect(within(form).getByLabelText('Peso (kg)')).not.toHaveAccessibleDescription();
    // The form for the next set has nothing to say.
    const next = within(training).getByRole('form', { name: 'Serie 2 de Sentadilla' });
    expect(within(next).getByLabelText('Reps')).not.toHaveAccessibleDescription();
  });

  it('shows what is wrong with a portion of one’s own food under the portion’s box', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' });
    await user.click(within(lunch).getByRole('button', { name: 'Añadir a Comida' }));
    await user.click(within(lunch).getByRole('button', { name: 'Crear un alimento propio' }));
    const form = within(lunch).getByRole('form', { name: 'Nuevo alimento' });
    await user.type(within(form).getByLabelText('Nombre'), 'Bizcocho de la abuela');
    await user.type(within(form).getByLabelText('Calorías (kcal)'), '380');
    await user.type(within(form).getByLabelText('Porción (opcional)'), '1 trozo');
    const grams = within(form).getByLabelText('Gramos de la porción');
    await user.type(grams, '6000');
    await user.click(within(form).getByRole('button', { name: 'Guardar alimento' }));
    const message = foodInputSchema.safeParse({
      name: 'Bizcocho',
      kcal: 380,
      protein_g: 0,
      available_carbohydrate_g: 0,
      fat_g: 0,
      fibre_g: 0,
      portions: [{ name: '1 trozo', grams: 6000 }],
    }).error?.issues[0]?.message;
    expect(message).toBe('Los gramos de la porción no pueden superar 5000 g');
    await vi.waitFor(() => {
      expect(grams).toHaveAccessibleDescription(message);
    });
    expect(within(form).getByLabelText('Porción (opcional)')).not.toHaveAccessibleDescription();
    expect(calls.callsTo('POST', '/foods/')).toHaveLength(0);

    await user.clear(grams);
    await user.type(grams, '60');
    const held = holdCalls('/foods/');
    await user.click(within(form).getByRole('button', { name: 'Guardar alimento' }));
    // Greyed out while it is saved, and saying so.
    expect(within(form).getByRole('button', { name: 'Guardando...' })).toBeDisabled();
    held.release();
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', '/foods/')).toHaveLength(1);
    });
  });
});
