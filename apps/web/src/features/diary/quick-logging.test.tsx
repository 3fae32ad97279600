import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aSubscription,
  anUser,
  holdCalls,
  installFakeApi,
  ok,
  somePreferences,
  type FakeCall,
} from '#test/fake-api';
import { currentAddress, logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const DAY = '2026-03-02';
const YESTERDAY = '2026-03-01';
const MEALS = ['desayuno', 'almuerzo', 'comida', 'merienda', 'cena'];
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
    food_id: egg.id,
    name: 'Huevo',
    quantity: 1,
    unit: '1 huevo',
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

/** A fake server that keeps what is logged, so the screen reads back its own changes. */
const addedId = (n: number) => `0a1b2c3d-4e5f-4a6b-8c7d-${String(n).padStart(12, '0')}`;

function server(start: Entry[] = []) {
  let entries = [...start];
  let water = 0;
  let next = 0;
  // The entries this fake makes can be deleted, as an undo does.
  const deletes = Object.fromEntries(
    [1, 2, 3].map((n) => [
      `DELETE /diary/entries/${addedId(n)}/`,
      () => {
        entries = entries.filter((entry) => entry.id !== addedId(n));
        return ok({ message: 'Entrada eliminada' });
      },
    ]),
  );
  const calls = installFakeApi({
    ...deletes,
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    [`GET /diary/days/${DAY}/`]: () => ok(dayOf(DAY, entries, water)),
    [`GET /diary/days/${YESTERDAY}/`]: () => ok(dayOf(YESTERDAY, entries, 0)),
    'GET /foods/': ok([egg]),
    'POST /diary/entries/': (call: FakeCall) => {
      next += 1;
      const body = call.body as { date: string; meal: string };
      const entry = anEntry(addedId(next), body.date, body.meal);
      entries.push(entry);
      return { status: 201, data: entry };
    },
    'POST /diary/copy/': (call: FakeCall) => {
      const body = call.body as {
        from_date: string;
        to_date: string;
        from_meal: string;
        copies?: { entry_id: string; id: string }[];
      };
      // Under the identifiers the app chose, as the API does.
      const chosen = new Map(body.copies?.map((copy) => [copy.entry_id, copy.id]));
      const copies = entries
        .filter((entry) => entry.date === body.from_date && entry.meal === body.from_meal)
        .map((entry, index) => ({
          ...entry,
          id: chosen.get(entry.id) ?? `9a1b2c3d-4e5f-4a6b-8c7d-00000000000${String(index)}`,
          date: body.to_date,
        }));
      entries.push(...copies);
      return ok({
        ...dayOf(body.to_date, entries, water),
        copied_entry_ids: copies.map((copy) => copy.id),
      });
    },
    [`PUT /diary/days/${DAY}/water/`]: (call: FakeCall) => {
      water = (call.body as { water_ml: number }).water_ml;
      return ok({ date: DAY, water_ml: water });
    },
  });
  return { calls, entries: () => entries };
}

// Each journey opens sheets loaded on first use and taps through them: longer than a unit.
describe('logging in few taps', { timeout: 20_000 }, () => {
  beforeEach(() => {
    logIn();
  });

  it('moves a day at a time from a compact header, back to today, and to any day of the calendar', async () => {
    server();
    const { router } = renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const header = await screen.findByRole('navigation', { name: 'Día' });
    await user.click(within(header).getByRole('button', { name: 'Día anterior' }));
    expect(currentAddress(router)).toBe(`/users/diary?date=${YESTERDAY}`);
    await user.click(within(header).getByRole('button', { name: 'Día siguiente' }));
    expect(currentAddress(router)).toBe(`/users/diary?date=${DAY}`);
    // The calendar behind the date: a day chosen there is the day shown.
    await user.click(within(header).getByRole('button', { name: /\. Elegir otro día$/ }));
    // Where the browser cannot open a calendar on request, the field is focused, which does.
    expect(within(header).getByLabelText('Fecha')).toHaveFocus();
    fireEvent.change(within(header).getByLabelText('Fecha'), { target: { value: YESTERDAY } });
    expect(currentAddress(router)).toBe(`/users/diary?date=${YESTERDAY}`);
    await user.click(within(header).getByRole('button', { name: 'Hoy' }));
    expect(currentAddress(router)).toBe('/users/diary');
  });

  it('keeps the food sheet open for several foods, with a running total of what was added', async () => {
    const fake = server();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const lunch = await screen.findByRole('region', { name: 'Comida' });
    await user.click(within(lunch).getByRole('button', { name: 'Añadir a Comida' }));
    // The sheet loads with its first opening: its first download may take a while in a test.
    const sheet = await screen.findByRole('dialog', { name: 'Añadir a Comida' }, { timeout: 5000 });
    const total = within(sheet).getByTestId('running-total');
    expect(total).toHaveTextContent('Aún no has añadido nada');

    // A recent food in one tap, twice: the sheet stays, the total adds up.
    await user.click(await within(sheet).findByRole('button', { name: 'Añadir Huevo (1 huevo)' }));
    expect(await within(total).findByText(/^1 alimento · 72 kcal/)).toBeVisible();
    await user.click(within(sheet).getByRole('button', { name: 'Añadir Huevo (1 huevo)' }));
    expect(
      await within(total).findByText(/^2 alimentos · 144 kcal · 12 g de proteínas/),
    ).toBeVisible();
    expect(fake.calls.callsTo('POST', '/diary/entries/')[1]?.body).toEqual({
      id: expect.any(String),
      kind: 'food',
      date: DAY,
      meal: 'comida',
      food_id: egg.id,
      quantity: 1,
      unit: '1 huevo',
    });

    // Each add says so in the sheet, with "Deshacer"; what is undone leaves the total.
    const notices = within(sheet).getByRole('status');
    expect(within(notices).getAllByText('Huevo añadido a Comida')).toHaveLength(2);
    const [first] = fake.entries();
    await user.click(
      within(notices).getAllByRole('button', { name: 'Deshacer' })[0] as HTMLElement,
    );
    expect(await within(total).findByText(/^1 alimento · 72 kcal/)).toBeVisible();
    expect(fake.calls.callsTo('DELETE', `/diary/entries/${first?.id ?? ''}/`)).toHaveLength(1);

    await user.click(within(sheet).getByRole('button', { name: 'Listo' }));
    expect(screen.queryByRole('dialog', { name: 'Añadir a Comida' })).toBeNull();
  });

  it('repeats yesterday’s meal in one tap onto an empty meal, and asks first onto a meal with food', async () => {
    const fake = server([
      anEntry('1a1b2c3d-4e5f-4a6b-8c7d-000000000001', YESTERDAY, 'desayuno'),
      anEntry('1a1b2c3d-4e5f-4a6b-8c7d-000000000002', YESTERDAY, 'desayuno'),
      anEntry('1a1b2c3d-4e5f-4a6b-8c7d-000000000003', YESTERDAY, 'cena'),
      anEntry('1a1b2c3d-4e5f-4a6b-8c7d-000000000004', DAY, 'cena'),
    ]);
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const breakfast = await screen.findByRole('region', { name: 'Desayuno' });
    await user.click(
      await within(breakfast).findByRole('button', {
        name: 'Repetir el desayuno de ayer (2 alimentos, 144 kcal)',
      }),
    );
    await vi.waitFor(() => {
      expect(fake.calls.callsTo('POST', '/diary/copy/')[0]?.body).toEqual({
        from_date: YESTERDAY,
        to_date: DAY,
        from_meal: 'desayuno',
        to_meal: 'desayuno',
        // Yesterday's breakfast is on screen: the copies get identifiers of the app's own.
        copies: [
          { entry_id: '1a1b2c3d-4e5f-4a6b-8c7d-000000000001', id: expect.any(String) },
          { entry_id: '1a1b2c3d-4e5f-4a6b-8c7d-000000000002', id: expect.any(String) },
        ],
      });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The notice's library loads with the first notice.
    expect(await findToast('2 alimentos copiados a Desayuno', { timeout: 5000 })).toBeVisible();

    // Dinner has an egg already: the copy waits for a yes.
    const dinner = await screen.findByRole('region', { name: 'Cena' });
    await user.click(within(dinner).getByRole('button', { name: /^Repetir la cena de ayer/ }));
    const asking = await screen.findByRole('dialog', { name: '¿Copiar igualmente?' });
    expect(asking).toHaveTextContent(
      'Cena ya tiene 1 alimento. Lo que copies se añadirá a lo que hay; no lo sustituye.',
    );
    await user.click(within(asking).getByRole('button', { name: 'Cancelar' }));
    expect(fake.calls.callsTo('POST', '/diary/copy/')).toHaveLength(1);
    await user.click(within(dinner).getByRole('button', { name: /^Repetir la cena de ayer/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Copiar igualmente?' })).getByRole(
        'button',
        { name: 'Copiar igualmente' },
      ),
    );
    await vi.waitFor(() => {
      expect(fake.calls.callsTo('POST', '/diary/copy/')).toHaveLength(2);
    });
  });

  it('copies the whole day before in one tap, or a day picked on the calendar behind its name', async () => {
    const fake = server();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const copyDay = await screen.findByRole('form', { name: 'Copiar un día entero' });
    expect(copyDay).toHaveTextContent('Copiar todas las comidas del domingo 1 de marzo');
    // The calendar opens from a tap on the day's name.
    await user.click(
      within(copyDay).getByRole('button', {
        name: 'Copiar todas las comidas del domingo 1 de marzo. Elegir otro día',
      }),
    );
    fireEvent.change(within(copyDay).getByLabelText('Día del que copiar'), {
      target: { value: '2026-02-27' },
    });
    expect(copyDay).toHaveTextContent('Copiar todas las comidas del viernes 27 de febrero');
    await user.click(within(copyDay).getByRole('button', { name: 'Copiar día' }));
    await vi.waitFor(() => {
      expect(fake.calls.callsTo('POST', '/diary/copy/')[0]?.body).toMatchObject({
        from_date: '2026-02-27',
        to_date: DAY,
      });
    });
    expect(fake.calls.callsTo('POST', '/diary/copy/')[0]?.body).not.toHaveProperty('from_meal');
  });

  it('shows a meal repeated at once, each copy marked until the API has it, and never twice', async () => {
    const fake = server([
      anEntry('1a1b2c3d-4e5f-4a6b-8c7d-000000000001', YESTERDAY, 'desayuno'),
      anEntry('1a1b2c3d-4e5f-4a6b-8c7d-000000000002', YESTERDAY, 'desayuno', 90),
    ]);
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const breakfast = await screen.findByRole('region', { name: 'Desayuno' });
    const held = holdCalls('/diary/copy/');
    await user.click(
      await within(breakfast).findByRole('button', {
        name: 'Repetir el desayuno de ayer (2 alimentos, 162 kcal)',
      }),
    );
    // Before the API answers: both copies, each marked, in the day's totals.
    expect(await within(breakfast).findAllByText('Pendiente de enviar')).toHaveLength(2);
    expect(within(breakfast).getAllByText('Huevo')).toHaveLength(2);
    expect(fake.entries().filter((entry) => entry.date === DAY)).toEqual([]);

    held.release();
    await waitFor(() => {
      expect(within(breakfast).queryByText('Pendiente de enviar')).toBeNull();
    });
    // The API made them under the same identifiers: read again, still two.
    expect(fake.entries().filter((entry) => entry.date === DAY)).toHaveLength(2);
    expect(within(breakfast).getAllByText('Huevo')).toHaveLength(2);
  });

  it('adds water in one tap, tap after tap, and another amount checked under its box', async () => {
    const fake = server();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const water = await screen.findByRole('region', { name: 'Agua' });
    await user.click(within(water).getByRole('button', { name: 'Añadir 250 ml' }));
    await user.click(within(water).getByRole('button', { name: 'Añadir 500 ml' }));
    await vi.waitFor(() => {
      expect(
        fake.calls.callsTo('PUT', `/diary/days/${DAY}/water/`).map((call) => call.body),
      ).toEqual([{ water_ml: 250 }, { water_ml: 750 }]);
    });
    expect(await within(water).findByTestId('water')).toHaveTextContent('750 ml');

    await user.click(within(water).getByRole('button', { name: 'Otra cantidad' }));
    const box = await within(water).findByLabelText('Cantidad (ml)');
    await user.type(box, '0');
    await user.click(within(water).getByRole('button', { name: 'Añadir' }));
    await vi.waitFor(() => {
      expect(box).toHaveAccessibleDescription('La cantidad debe ser mayor que 0');
    });
    await user.clear(box);
    await user.type(box, '330');
    await user.click(within(water).getByRole('button', { name: 'Añadir' }));
    await vi.waitFor(() => {
      expect(fake.calls.callsTo('PUT', `/diary/days/${DAY}/water/`)[2]?.body).toEqual({
        water_ml: 1080,
      });
    });
  });

  it('opens the food sheet from the "+" on the day shown, on a meal that can be changed', async () => {
    const fake = server();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Desayuno' });
    await user.click(screen.getByRole('button', { name: 'Anotar' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Anotar' })).getByRole('button', {
        name: /^Alimento/,
      }),
    );
    const sheet = await screen.findByRole('dialog', { name: /^Añadir a / }, { timeout: 5000 });
    await user.selectOptions(within(sheet).getByLabelText('Anotar en'), 'merienda');
    expect(sheet).toHaveAccessibleName('Añadir a Merienda');
    await user.click(await within(sheet).findByRole('button', { name: 'Añadir Huevo (1 huevo)' }));
    await vi.waitFor(() => {
      expect(fake.calls.callsTo('POST', '/diary/entries/')[0]?.body).toMatchObject({
        date: DAY,
        meal: 'merienda',
      });
    });
  });

  it('leads the "+"\'s Nota to the day\'s note, its box focused', async () => {
    server();
    renderApp(`/users/diary?date=${DAY}#notas`);
    expect(await screen.findByRole('textbox', { name: 'Notas del día' })).toHaveFocus();
  });
});
