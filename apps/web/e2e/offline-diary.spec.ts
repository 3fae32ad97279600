import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayIn } from '@forja/shared/calendar';
import type { DiaryDay, Workout } from '@forja/shared/schemas/diary';
import { data, onboardedAccount, type Tokens } from './support/api';
import { controlledByTheServiceWorker, keptReads, storeSession } from './support/browser';

// The app's days are Madrid's for people who keep the default time zone.
const today = () => todayIn('Europe/Madrid', new Date());

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(180_000);

function api(request: APIRequestContext, tokens: Tokens) {
  const headers = { Authorization: `Token ${tokens.access_token}` };
  return {
    async food(query: string) {
      const [first] = await data<{ id: string; name: string }[]>(
        await request.get(`/v0/foods/?q=${encodeURIComponent(query)}`, { headers }),
      );
      if (!first) throw new Error(`no food for ${query}`);
      return first;
    },
    async exercise(name: string) {
      const all = await data<{ id: string; name: string }[]>(
        await request.get('/v0/exercises/', { headers }),
      );
      const found = all.find((exercise) => exercise.name === name);
      if (!found) throw new Error(`no exercise ${name}`);
      return found;
    },
    async post<T>(path: string, body: Record<string, unknown>) {
      return data<T>(await request.post(`/v0${path}`, { headers, data: body }));
    },
    async day(date = today()) {
      return data<DiaryDay>(await request.get(`/v0/diary/days/${date}/`, { headers }));
    },
  };
}

/** The writes waiting in the outbox, as method and path. */
function outbox(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const opening = indexedDB.open('forja-offline');
        opening.onsuccess = () => {
          const reading = opening.result.transaction('outbox').objectStore('outbox').getAll();
          reading.onsuccess = () => {
            const writes = reading.result as { seq: number; method: string; path: string }[];
            resolve(
              writes.sort((a, b) => a.seq - b.seq).map((write) => `${write.method} ${write.path}`),
            );
          };
        };
      }),
  );
}

test('without signal the diary keeps a food, water and a set, marked pending through a reload, and the API gets each once when the signal is back', async ({
  page,
  context,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'offline-diary');
  const server = api(request, account.tokens);
  // An egg yesterday makes it a recent food; today's session has squats in it.
  const egg = await server.food('huevo');
  await server.post('/diary/entries/', {
    kind: 'food',
    date: addDays(today(), -1),
    meal: 'desayuno',
    food_id: egg.id,
    quantity: 1,
    unit: '1 huevo',
  });
  const squat = await server.exercise('Sentadilla');
  const workout = await server.post<Workout>('/diary/workouts/', { date: today(), name: 'Pierna' });
  await server.post(`/diary/workouts/${workout.id}/exercises/`, { exercise_id: squat.id });

  await storeSession(page, account.tokens);
  // Home and the diary, read once with signal (the app opens on home).
  await page.goto('/users/home');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola/ })).toBeVisible();
  // Left at once: what home read is kept as the page is left (its targets included).
  await page.goto('/users/diary');
  const breakfast = page.getByRole('region', { name: 'Desayuno', exact: true });
  await expect(breakfast).toBeVisible();
  await controlledByTheServiceWorker(page);
  // Opened once with signal, the breakfast sheet's favourites and recents are kept too.
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  const adding = page.getByRole('dialog', { name: 'Añadir a Desayuno' });
  await expect(adding.getByRole('button', { name: 'Añadir Huevo (1 huevo)' })).toBeVisible();
  await adding.getByRole('button', { name: 'Listo' }).click();
  await expect
    .poll(() => keptReads(page), { timeout: 10_000 })
    .toEqual(
      expect.arrayContaining([
        '["users","current"]',
        `["diary","${today()}"]`,
        '["foods","search","","desayuno"]',
      ]),
    );

  // No signal.
  await context.setOffline(true);
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible();

  // A recent food, in one tap.
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  await adding.getByRole('button', { name: 'Añadir Huevo (1 huevo)' }).click();
  await expect(adding.getByTestId('running-total')).toContainText('1 alimento · 72 kcal');
  await adding.getByRole('button', { name: 'Listo' }).click();
  await expect(breakfast.getByText('Huevo', { exact: true })).toBeVisible();

  // A glass of water.
  const water = page.getByRole('region', { name: 'Agua' });
  await water.getByRole('button', { name: 'Añadir 250 ml' }).click();
  await expect(water.getByTestId('water')).toHaveText(/250 ml/);

  // A set of squats.
  const training = page.getByRole('region', { name: 'Entrenamiento' });
  const first = training.getByRole('form', { name: 'Serie 1 de Sentadilla' });
  await first.getByLabel('Reps').fill('5');
  await first.getByLabel('Peso (kg)').fill('60');
  await training.getByRole('button', { name: 'Confirmar serie 1 de Sentadilla' }).click();
  const sets = training.getByRole('list', { name: 'Series de Sentadilla' }).getByRole('listitem');
  await expect(sets).toHaveCount(1);

  const pendingMarks = page.getByText('Pendiente de enviar');
  await expect(pendingMarks).toHaveCount(3);
  expect(await outbox(page)).toEqual([
    'POST /diary/entries/',
    `PUT /diary/days/${today()}/water/`,
    expect.stringMatching(/^POST \/diary\/workout-exercises\/[\w-]+\/sets\/$/),
  ]);

  // A reload without signal: the app, the day and what is pending come from the device.
  await page.reload();
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible({
    timeout: 15_000,
  });
  await expect(breakfast.getByText('Huevo', { exact: true })).toBeVisible();
  await expect(water.getByTestId('water')).toHaveText(/250 ml/);
  await expect(sets).toHaveCount(1);
  await expect(pendingMarks).toHaveCount(3);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: testInfo.outputPath('diary-offline.png') });
  await page.screenshot({ path: testInfo.outputPath('diary-offline-full.png'), fullPage: true });

  // Home opens from the device too, with the water logged offline.
  await page
    .getByRole('navigation', { name: 'Secciones' })
    .getByRole('link', { name: 'Inicio' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hola/ })).toBeVisible();
  await expect(page.getByTestId('home-water')).toHaveText('250 ml de 2000 ml');
  await page.screenshot({ path: testInfo.outputPath('home-offline.png') });
  await page
    .getByRole('navigation', { name: 'Secciones' })
    .getByRole('link', { name: 'Diario' })
    .click();
  await expect(breakfast.getByText('Huevo', { exact: true })).toBeVisible();

  // Still waiting on the device. (Whether the API has them yet is not asserted: Chromium's
  // offline emulation now and then lets a request through while the page is told it failed,
  // which is a write whose answer was lost; its key makes the next try a replay.)
  expect(await outbox(page)).toHaveLength(3);

  // Signal again: the outbox goes, once.
  await context.setOffline(false);
  await expect(page.getByText('Se han guardado los cambios pendientes')).toBeVisible({
    timeout: 30_000,
  });
  await expect(pendingMarks).toHaveCount(0);
  await expect(page.getByText('Sin conexión — se guardará al volver')).toHaveCount(0);
  expect(await outbox(page)).toEqual([]);

  const after = await server.day();
  expect(after.meals.flatMap((meal) => meal.entries.map((entry) => entry.name))).toEqual(['Huevo']);
  expect(after.water_ml).toBe(250);
  const squats = after.workouts.flatMap((session) => session.exercises);
  expect(squats.map((item) => item.sets.map((set) => [set.reps, set.weight_kg]))).toEqual([
    [[5, 60]],
  ]);

  // A reload with signal shows the same, nothing doubled.
  await page.reload();
  await expect(breakfast.getByText('Huevo', { exact: true })).toHaveCount(1);
  await expect(sets).toHaveCount(1);
  await expect(pendingMarks).toHaveCount(0);
});

test('without signal a new session, its exercise and its sets show at once, through a reload, and reach the API once when the signal is back', async ({
  page,
  context,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'offline-training');
  const server = api(request, account.tokens);

  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  const training = page.getByRole('region', { name: 'Entrenamiento' });
  await expect(training.getByRole('button', { name: 'Nuevo entrenamiento' })).toBeVisible();
  await controlledByTheServiceWorker(page);
  // The picker was never opened on this device: the diary reads the exercises a while after
  // it opens, and the device keeps them.
  await expect
    .poll(() => keptReads(page), { timeout: 60_000, intervals: [2_000] })
    .toEqual(expect.arrayContaining(['["exercises"]', '["exercises","recent"]']));

  await context.setOffline(true);
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible();

  await training.getByRole('button', { name: 'Nuevo entrenamiento' }).click();
  const session = training.getByRole('article', { name: 'Entrenamiento' });
  const picker = session.getByRole('region', { name: 'Elegir ejercicio' });
  await picker.getByLabel('Buscar ejercicio').fill('sentadilla');
  await picker.getByRole('button', { name: /^Sentadilla Cuádriceps/ }).click();
  const squats = session.getByRole('region', { name: 'Sentadilla', exact: true });
  for (const [number, reps, kg] of [
    [1, '5', '60'],
    [2, '5', '62,5'],
  ] as const) {
    const form = squats.getByRole('form', { name: `Serie ${String(number)} de Sentadilla` });
    await form.getByLabel('Reps').fill(reps);
    await form.getByLabel('Peso (kg)').fill(kg);
    await squats
      .getByRole('button', { name: `Confirmar serie ${String(number)} de Sentadilla` })
      .click();
  }
  const sets = squats.getByRole('list', { name: 'Series de Sentadilla' }).getByRole('listitem');
  await expect(sets).toHaveCount(2);
  // The session, the exercise and each set.
  const pendingMarks = page.getByText('Pendiente de enviar');
  await expect(pendingMarks).toHaveCount(4);
  expect(await outbox(page)).toEqual([
    'POST /diary/workouts/',
    expect.stringMatching(/^POST \/diary\/workouts\/[\w-]+\/exercises\/$/),
    expect.stringMatching(/^POST \/diary\/workout-exercises\/[\w-]+\/sets\/$/),
    expect.stringMatching(/^POST \/diary\/workout-exercises\/[\w-]+\/sets\/$/),
  ]);
  await session.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('training-offline.png') });

  // A reload without signal: the session and what is pending come from the device.
  await page.reload();
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible({
    timeout: 15_000,
  });
  await expect(sets).toHaveCount(2);
  await expect(pendingMarks).toHaveCount(4);
  // Still waiting on the device (see the journey above on what the API may have meanwhile).
  expect(await outbox(page)).toHaveLength(4);

  // Signal again: the session, then its exercise, then the sets, once each.
  await context.setOffline(false);
  await expect(page.getByText('Se han guardado los cambios pendientes')).toBeVisible({
    timeout: 30_000,
  });
  await expect(pendingMarks).toHaveCount(0);
  expect(await outbox(page)).toEqual([]);
  const after = await server.day();
  expect(after.workouts).toHaveLength(1);
  expect(
    after.workouts[0]?.exercises.map((item) => [
      item.exercise.name,
      item.sets.map((set) => [set.reps, set.weight_kg]),
    ]),
  ).toEqual([
    [
      'Sentadilla',
      [
        [5, 60],
        [5, 62.5],
      ],
    ],
  ]);

  await page.reload();
  await expect(sets).toHaveCount(2);
  await expect(training.getByRole('article', { name: 'Entrenamiento' })).toHaveCount(1);
});

test('writes left waiting from an earlier visit stay shown on the diary opened with signal while they are sent, and the person hears when they are', async ({
  page,
  context,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'offline-earlier-visit');
  const server = api(request, account.tokens);
  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  const water = page.getByRole('region', { name: 'Agua' });
  await expect(water.getByTestId('water')).toBeVisible();
  await controlledByTheServiceWorker(page);

  // A glass of water without signal, and the diary left before the signal comes back.
  await context.setOffline(true);
  await water.getByRole('button', { name: 'Añadir 250 ml' }).click();
  await expect(water.getByTestId('water')).toHaveText(/250 ml/);
  const waterPath = `/diary/days/${today()}/water/`;
  await expect.poll(() => outbox(page)).toEqual([`PUT ${waterPath}`]);
  await page.goto('about:blank');
  await context.setOffline(false);

  // Opened again with signal. The write reaches the API only after the day has been read,
  // so that read comes back without the water.
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route(`**/v0${waterPath}`, async (route) => {
    await held;
    await route.continue();
  });
  // Every amount of water the diary shows, from its first frame.
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownWater: shown });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="water"]')?.textContent;
      if (text && shown.at(-1) !== text) shown.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const dayRead = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      response.url().endsWith(`/v0/diary/days/${today()}/`),
  );
  await page.goto('/users/diary');
  await dayRead;
  await expect(water.getByText('Pendiente de enviar')).toBeVisible();
  await water.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('diary-earlier-write-sending.png') });

  letThrough();
  await expect(page.getByText('Se han guardado los cambios pendientes')).toBeVisible({
    timeout: 30_000,
  });
  await expect(water.getByText('Pendiente de enviar')).toHaveCount(0);
  await expect(water.getByTestId('water')).toHaveText(/250 ml/);
  expect((await server.day()).water_ml).toBe(250);
  // The water never went back to what the API had before the write reached it.
  const shown = await page.evaluate(
    () => (window as unknown as { shownWater: string[] }).shownWater,
  );
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((text) => !/250 ml/.test(text))).toEqual([]);
});
