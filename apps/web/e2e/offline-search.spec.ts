import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { todayIn } from '@forja/shared/calendar';
import type { DiaryDay } from '@forja/shared/schemas/diary';
import { data, onboardedAccount, type Tokens } from './support/api';
import { controlledByTheServiceWorker, storeSession } from './support/browser';

// The app's days are Madrid's for people who keep the default time zone.
const today = () => todayIn('Europe/Madrid', new Date());

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(180_000);

function api(request: APIRequestContext, tokens: Tokens) {
  const headers = { Authorization: `Token ${tokens.access_token}` };
  return {
    async search(query: string) {
      return data<{ id: string; name: string }[]>(
        await request.get(`/v0/foods/?q=${encodeURIComponent(query)}`, { headers }),
      );
    },
    async day(date = today()) {
      return data<DiaryDay>(await request.get(`/v0/diary/days/${date}/`, { headers }));
    },
  };
}

/** How many foods of the shipped table the device keeps (IndexedDB `forja-offline`). */
function keptTableFoods(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const opening = indexedDB.open('forja-offline');
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('foods')) {
            db.close();
            resolve(0);
            return;
          }
          const reading = db.transaction('foods').objectStore('foods').get('table');
          reading.onsuccess = () => {
            const kept = reading.result as { foods?: unknown[] } | undefined;
            db.close();
            resolve(kept?.foods?.length ?? 0);
          };
        };
      }),
  );
}

test('without signal a food search finds what the server would, and the food logged reaches the API once when the signal is back', async ({
  page,
  context,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'offline-search');
  const server = api(request, account.tokens);
  const expected = (await server.search('tortilla de patatas')).map((food) => food.name);
  expect(expected.length).toBeGreaterThan(0);
  // One's own food, made on another device: no answer on this one ever carries it.
  const made = await request.post('/v0/foods/', {
    headers: { Authorization: `Token ${account.tokens.access_token}` },
    data: {
      name: 'Batido verde de la casa',
      kcal: 60,
      protein_g: 2,
      available_carbohydrate_g: 11,
      fat_g: 1,
      fibre_g: 2,
      portions: [{ name: '1 vaso', grams: 250 }],
    },
  });
  expect(made.status()).toBe(201);
  // A favourite, for the sheet opened without signal at the end.
  const [apple] = await server.search('manzana');
  if (!apple) throw new Error('no apple in the food table');
  expect(
    (
      await request.put(`/v0/foods/${apple.id}/favourite/`, {
        headers: { Authorization: `Token ${account.tokens.access_token}` },
      })
    ).status(),
  ).toBe(200);

  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  const breakfast = page.getByRole('region', { name: 'Desayuno', exact: true });
  await expect(breakfast).toBeVisible();
  await controlledByTheServiceWorker(page);

  // A food sheet opened with signal: the device keeps the food table now.
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  const adding = page.getByRole('dialog', { name: 'Añadir a Desayuno' });
  await expect(adding.getByLabel('Buscar alimento')).toBeVisible();
  await expect.poll(() => keptTableFoods(page), { timeout: 30_000 }).toBeGreaterThan(700);
  await adding.getByRole('button', { name: 'Listo' }).click();

  // No signal.
  await context.setOffline(true);
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible();
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  await adding.getByLabel('Buscar alimento').fill('tortilla de patatas');
  await expect(
    adding.getByText('Sin conexión: buscando en los alimentos guardados en este dispositivo'),
  ).toBeVisible();
  const results = adding.getByRole('list', { name: 'Resultados' }).getByRole('listitem');
  await expect(results.first()).toContainText(expected[0] ?? '');
  await expect(adding.getByRole('alert')).toHaveCount(0);
  // The same foods, in the same order, as the server answered.
  await expect(results.locator('span.font-medium')).toHaveText(expected);
  await page.screenshot({ path: testInfo.outputPath('offline-search.png') });

  // The declared "Kiwi" allergy is warned of without signal too.
  await adding.getByLabel('Buscar alimento').fill('kiwi');
  await expect(results.first()).toContainText('Contiene kiwi');

  // One's own food made elsewhere is found too: the device keeps every one.
  await adding.getByLabel('Buscar alimento').fill('batido verde');
  await expect(results.first()).toContainText('Batido verde de la casa');

  // The first tortilla, logged without signal.
  await adding.getByLabel('Buscar alimento').fill('tortilla de patatas');
  await results.first().getByRole('button').first().click();
  await adding.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(adding.getByTestId('running-total')).toContainText('1 alimento');
  await adding.getByRole('button', { name: 'Listo' }).click();
  await expect(breakfast.getByText(expected[0] ?? '', { exact: true })).toBeVisible();
  // Still waiting on the device, as its mark says. (Whether the API has it yet is not
  // asserted: Chromium's offline emulation now and then lets a request through while the page
  // is told it failed, which is a write whose answer was lost; its key makes the next try a
  // replay.)
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(1);

  // Signal again: the entry goes, once.
  await context.setOffline(false);
  await expect(page.getByText('Se han guardado los cambios pendientes')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Pendiente de enviar')).toHaveCount(0);
  const after = await server.day();
  expect(after.meals.flatMap((meal) => meal.entries.map((entry) => entry.name))).toEqual([
    expected[0],
  ]);

  // The app opened again without signal: a meal's sheet never opened shows the favourite and
  // the food just logged before anything is typed, not an error.
  await context.setOffline(true);
  await page.reload();
  const lunch = page.getByRole('region', { name: 'Comida', exact: true });
  await lunch.getByRole('button', { name: 'Añadir a Comida' }).click();
  const addingLunch = page.getByRole('dialog', { name: 'Añadir a Comida' });
  const offered = addingLunch.getByRole('list', { name: 'Resultados' }).getByRole('listitem');
  await expect(offered.filter({ hasText: apple.name })).toHaveCount(1);
  await expect(offered.filter({ hasText: expected[0] ?? '' })).toHaveCount(1);
  await expect(addingLunch.getByRole('alert')).toHaveCount(0);
  await context.setOffline(false);
});
