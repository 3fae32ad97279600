import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, todayIn } from '@forja/shared/calendar';
import type { DiaryDay, DiaryEntry } from '@forja/shared/schemas/diary';
import { data, onboardedAccount, type Tokens } from './support/api';
import { expectAccessibleOnceQuiet, storeSession } from './support/browser';

// The app's days are Madrid's for people who keep the default time zone.
const today = () => todayIn('Europe/Madrid', new Date());

test.use({ viewport: { width: 390, height: 844 } });

/** Clicks that count: the taps a journey needs, asserted at its end. */
function tapCounter() {
  let taps = 0;
  return {
    async tap(target: Locator) {
      taps += 1;
      await target.click();
    },
    get taps() {
      return taps;
    },
  };
}

function api(request: APIRequestContext, tokens: Tokens) {
  const headers = { Authorization: `Token ${tokens.access_token}` };
  return {
    async food(query: string) {
      const found = await data<{ id: string; name: string }[]>(
        await request.get(`/v0/foods/?q=${encodeURIComponent(query)}`, { headers }),
      );
      const [first] = found;
      if (!first) throw new Error(`no food for ${query}`);
      return first;
    },
    async log(entry: Record<string, unknown>) {
      return data<DiaryEntry>(
        await request.post('/v0/diary/entries/', {
          headers,
          data: { kind: 'food', date: today(), meal: 'desayuno', ...entry },
        }),
      );
    },
    async day(date = today()) {
      return data<DiaryDay>(await request.get(`/v0/diary/days/${date}/`, { headers }));
    },
    async entries(date = today()) {
      return (await this.day(date)).meals.flatMap((meal) =>
        meal.entries.map((entry) => ({
          id: entry.id,
          meal: entry.meal,
          name: entry.name,
          quantity: entry.quantity,
          unit: entry.unit,
        })),
      );
    },
  };
}

function sheet(page: Page, title: string | RegExp) {
  return page.getByRole('dialog', { name: title });
}

test('from home: 250 ml of water in one tap, a recent food in three and a searched food in four', async ({
  page,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'quick-logging');
  const server = api(request, account.tokens);
  // An egg yesterday makes it a recent food.
  const egg = await server.food('huevo');
  await server.log({ date: addDays(today(), -1), food_id: egg.id, quantity: 1, unit: '1 huevo' });

  await storeSession(page, account.tokens);
  await page.goto('/users/home');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: false });

  // Water: one tap on home, and the server has it.
  const water = tapCounter();
  await water.tap(
    page.getByRole('region', { name: 'Agua' }).getByRole('button', { name: 'Añadir 250 ml' }),
  );
  await expect(page.getByTestId('home-water')).toHaveText('250 ml de 2000 ml');
  await expect.poll(async () => (await server.day()).water_ml).toBe(250);
  expect(water.taps).toBe(1);
  await expect(page.getByText('Añadidos 250 ml de agua')).toBeVisible();
  const undoWater = page.getByRole('button', { name: 'Deshacer' });
  await expect(undoWater).toBeVisible();
  // Measured once the toast has slid in: while it moves, its box is a fraction smaller.
  await expect
    .poll(async () => Math.round((await undoWater.boundingBox())?.height ?? 0))
    .toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: testInfo.outputPath('toast.png') });

  // A recent food: "+", Alimento, and the recent egg's own "+".
  const recent = tapCounter();
  await recent.tap(page.getByRole('button', { name: 'Anotar' }));
  await expect(sheet(page, 'Anotar')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('plus-sheet.png') });
  await recent.tap(sheet(page, 'Anotar').getByRole('button', { name: /^Alimento/ }));
  const adding = sheet(page, /^Añadir a /);
  await recent.tap(adding.getByRole('button', { name: 'Añadir Huevo (1 huevo)' }));
  await expect(adding.getByTestId('running-total')).toContainText('1 alimento · 72 kcal');
  expect(recent.taps).toBeLessThanOrEqual(3);
  await expect
    .poll(async () => (await server.entries()).map((entry) => entry.name))
    .toEqual(['Huevo']);

  // The sheet stays open: a second food by search adds to the running total.
  await adding.getByLabel('Buscar alimento').fill('plátano');
  await adding
    .getByRole('button', { name: /^Plátano/ })
    .first()
    .click();
  await adding.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(adding.getByTestId('running-total')).toContainText('2 alimentos');
  await expect(adding.getByRole('button', { name: 'Deshacer' }).last()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('food-sheet.png') });
  await expectAccessibleOnceQuiet(page);
  await adding.getByRole('button', { name: 'Listo' }).click();
  await expect(adding).toBeHidden();

  // A searched food from home: "+", Alimento, the result, Añadir.
  const searched = tapCounter();
  await searched.tap(page.getByRole('button', { name: 'Anotar' }));
  await searched.tap(sheet(page, 'Anotar').getByRole('button', { name: /^Alimento/ }));
  await adding.getByLabel('Buscar alimento').fill('manzana');
  await searched.tap(adding.getByRole('button', { name: /^Manzana/ }).first());
  await searched.tap(adding.getByRole('button', { name: 'Añadir', exact: true }));
  await expect(adding.getByTestId('running-total')).toContainText('1 alimento');
  expect(searched.taps).toBeLessThanOrEqual(4);
  await expect.poll(async () => (await server.entries()).length).toBe(3);
});

test('"Deshacer" takes back an add, a delete, a move and a copy on the server', async ({
  page,
  request,
}) => {
  const account = await onboardedAccount(request, 'quick-undo');
  const server = api(request, account.tokens);
  const egg = await server.food('huevo');
  const bread = await server.food('pan de molde blanco');
  // Yesterday's breakfast, to repeat; today's breakfast already has an egg.
  await server.log({
    date: addDays(today(), -1),
    food_id: bread.id,
    quantity: 2,
    unit: '1 rebanada',
  });
  await server.log({ date: addDays(today(), -1), food_id: egg.id, quantity: 1, unit: '1 huevo' });
  const first = await server.log({ food_id: egg.id, quantity: 2, unit: '1 huevo' });
  const before = await server.entries();

  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  const breakfast = page.getByRole('region', { name: 'Desayuno', exact: true });
  await expect(breakfast.getByText('2 × 1 huevo (100 g)')).toBeVisible();

  // An add, undone inside the sheet: the egg's "+" logs the amount last logged.
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  const adding = sheet(page, 'Añadir a Desayuno');
  await adding.getByRole('button', { name: 'Añadir Huevo (2 × 1 huevo)' }).click();
  await expect.poll(async () => (await server.entries()).length).toBe(2);
  await adding.getByRole('button', { name: 'Deshacer' }).click();
  await expect.poll(() => server.entries()).toEqual(before);
  await expect(adding.getByTestId('running-total')).toContainText('Aún no has añadido nada');
  await adding.getByRole('button', { name: 'Listo' }).click();

  // Repeating yesterday's breakfast asks first, since today's has an egg; then undone.
  await breakfast.getByRole('button', { name: /^Repetir el desayuno de ayer/ }).click();
  const asking = sheet(page, '¿Copiar igualmente?');
  await expect(asking).toContainText('Desayuno ya tiene 1 alimento.');
  await asking.getByRole('button', { name: 'Copiar igualmente' }).click();
  await expect.poll(async () => (await server.entries()).length).toBe(3);
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect.poll(() => server.entries()).toEqual(before);

  // A move to dinner, undone.
  await expect(breakfast.getByRole('button', { name: 'Editar Huevo' })).toHaveCount(1);
  await breakfast.getByRole('button', { name: 'Editar Huevo' }).click();
  const edit = breakfast.getByRole('form', { name: 'Editar Huevo' });
  await edit.getByLabel('Comida').selectOption('cena');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(async () => (await server.entries())[0]?.meal).toBe('cena');
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect.poll(() => server.entries()).toEqual(before);

  // A delete, undone: the egg is back with the same amount (as a new entry).
  await expect(breakfast.getByRole('button', { name: 'Editar Huevo' })).toHaveCount(1);
  await breakfast.getByRole('button', { name: 'Editar Huevo' }).click();
  await breakfast.getByRole('button', { name: 'Eliminar' }).click();
  await expect.poll(async () => (await server.entries()).length).toBe(0);
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect
    .poll(async () => (await server.entries()).map(({ id: _id, ...entry }) => entry))
    .toEqual([{ meal: 'desayuno', name: 'Huevo', quantity: 2, unit: '1 huevo' }]);
  expect((await server.entries())[0]?.id).not.toBe(first.id);
});

test('copying a day onto a day with entries asks first, and a no leaves it as it was', async ({
  page,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'quick-copy-day');
  const server = api(request, account.tokens);
  const egg = await server.food('huevo');
  await server.log({
    date: addDays(today(), -1),
    meal: 'cena',
    food_id: egg.id,
    quantity: 1,
    unit: '1 huevo',
  });
  await server.log({ food_id: egg.id, quantity: 2, unit: '1 huevo' });

  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  await expect(page.getByRole('navigation', { name: 'Día' })).toContainText('Hoy');
  await page.screenshot({ path: testInfo.outputPath('diary-top.png') });

  const copyDay = page.getByRole('form', { name: 'Copiar un día entero' });
  await copyDay.getByRole('button', { name: 'Copiar día' }).click();
  const asking = sheet(page, '¿Copiar igualmente?');
  await expect(asking).toContainText('Este día ya tiene 1 alimento.');
  await asking.getByRole('button', { name: 'Cancelar' }).click();
  await expect(asking).toBeHidden();
  expect(await server.entries()).toHaveLength(1);

  await copyDay.getByRole('button', { name: 'Copiar día' }).click();
  await asking.getByRole('button', { name: 'Copiar igualmente' }).click();
  await expect
    .poll(async () => (await server.entries()).map((entry) => entry.meal))
    .toEqual(['desayuno', 'cena']);
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect.poll(async () => (await server.entries()).length).toBe(1);

  // Every control of the header, the water and the meals is at least 44 × 44 px.
  for (const control of await page
    .locator('nav[aria-label="Día"] button, [data-testid="water"] ~ div button, section button')
    .all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
    expect(box?.width, `${name ?? ''} wide enough to tap`).toBeGreaterThanOrEqual(44);
    expect(box?.height, `${name ?? ''} tall enough to tap`).toBeGreaterThanOrEqual(44);
  }

  // The day header stays in view while the day scrolls.
  await page.getByRole('region', { name: 'Entrenamiento' }).scrollIntoViewIfNeeded();
  const header = page.getByRole('navigation', { name: 'Día' });
  await expect(header).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('diary-scrolled.png') });
});

test('the header and the day copied from open the device’s calendar on a tap', async ({
  page,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'quick-calendar');
  // Each opened calendar, or the error that kept it shut, as the page saw it.
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { opened });
    const showPicker: (this: HTMLInputElement) => void = Reflect.get(
      HTMLInputElement.prototype,
      'showPicker',
    );
    HTMLInputElement.prototype.showPicker = function (this: HTMLInputElement) {
      try {
        showPicker.call(this);
        opened.push(this.getAttribute('aria-label') ?? '?');
      } catch (error) {
        opened.push(error instanceof Error ? error.name : 'error');
        throw error;
      }
    };
  });
  const opened = () => page.evaluate(() => (window as unknown as { opened: string[] }).opened);
  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  const header = page.getByRole('navigation', { name: 'Día' });
  await expect(header).toContainText('Hoy');
  const copyDay = page.getByRole('form', { name: 'Copiar un día entero' });
  await expect(copyDay).toContainText('Copiar todas las comidas de ayer');
  // No calendar opens before a tap.
  expect(await opened()).toEqual([]);

  await header.getByRole('button', { name: /\. Elegir otro día$/ }).click();
  await expect.poll(opened).toEqual(['Fecha']);
  await page.keyboard.press('Escape');

  await copyDay
    .getByRole('button', { name: 'Copiar todas las comidas de ayer. Elegir otro día' })
    .click();
  await expect.poll(opened).toEqual(['Fecha', 'Día del que copiar']);
  await page.keyboard.press('Escape');
  // A day picked there is the day the sentence names and the copy takes.
  await copyDay.getByLabel('Día del que copiar').fill(addDays(today(), -3));
  await expect(copyDay).toContainText(/Copiar todas las comidas del \p{L}+ \d+ de \p{L}+/u);
  await copyDay.screenshot({ path: testInfo.outputPath('copy-day.png') });
});
