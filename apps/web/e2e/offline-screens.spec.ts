import { expect, test, type Page } from '@playwright/test';
import { addDays, todayIn } from '@forja/shared/calendar';
import { data, onboardedAccount } from './support/api';
import { controlledByTheServiceWorker, keptReads, storeSession } from './support/browser';

// The app's days are Madrid's for people who keep the default time zone.
const today = () => todayIn('Europe/Madrid', new Date());

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(180_000);

/** The kcal home says are left today, as a number. */
async function energyLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('energy-left').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

test("without signal home's energy follows a food logged from home, and a screen never opened says it opens once the signal is back", async ({
  page,
  context,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'offline-screens');
  const headers = { Authorization: `Token ${account.tokens.access_token}` };
  // An egg yesterday makes it a recent food.
  const [egg] = await data<{ id: string }[]>(await request.get('/v0/foods/?q=huevo', { headers }));
  if (!egg) throw new Error('no egg in the food table');
  await request.post('/v0/diary/entries/', {
    headers,
    data: {
      kind: 'food',
      date: addDays(today(), -1),
      meal: 'desayuno',
      food_id: egg.id,
      quantity: 1,
      unit: '1 huevo',
    },
  });

  await storeSession(page, account.tokens);
  // Home and today's diary, read once with signal.
  await page.goto('/users/diary');
  await expect(page.getByRole('region', { name: 'Desayuno', exact: true })).toBeVisible();
  await page.goto('/users/home');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola/ })).toBeVisible();
  await controlledByTheServiceWorker(page);
  const before = await energyLeft(page);
  // Home's "+" opens the meal of the hour; its recent foods are kept once shown with signal.
  const foodSheet = async () => {
    await page.getByRole('button', { name: 'Anotar' }).click();
    await page
      .getByRole('dialog', { name: 'Anotar' })
      .getByRole('button', { name: /^Alimento/ })
      .click();
    return page.getByRole('dialog', { name: /^Añadir a / });
  };
  const adding = await foodSheet();
  await expect(adding.getByRole('button', { name: 'Añadir Huevo (1 huevo)' })).toBeVisible();
  await adding.getByRole('button', { name: 'Listo' }).click();

  await context.setOffline(true);
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible();

  // The recent egg from home's "+": home's energy takes it at once, before the API has it.
  await foodSheet();
  await adding.getByRole('button', { name: 'Añadir Huevo (1 huevo)' }).click();
  await expect(adding.getByTestId('running-total')).toContainText('1 alimento · 72 kcal');
  await adding.getByRole('button', { name: 'Listo' }).click();
  await expect.poll(() => energyLeft(page)).toBe(before - 72);
  await page.screenshot({ path: testInfo.outputPath('home-offline-after-egg.png') });

  // Métricas was never opened: it says so, without the generic error.
  await page
    .getByRole('navigation', { name: 'Secciones' })
    .getByRole('link', { name: 'Métricas' })
    .click();
  const offlineScreen = page.getByText(
    'Sin conexión. Esta pantalla aún no está guardada en este dispositivo: se abrirá en cuanto vuelvas a tener conexión.',
  );
  await expect(offlineScreen).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/No pudimos cargar tus métricas/)).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('metrics-offline.png') });

  // The signal is back: the screen opens by itself, and the egg reaches the API.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(offlineScreen).toBeHidden();
  await expect
    .poll(async () => {
      const day = await data<{ meals: { entries: { name: string }[] }[] }>(
        await request.get(`/v0/diary/days/${today()}/`, { headers }),
      );
      return day.meals.flatMap((meal) => meal.entries.map((entry) => entry.name));
    })
    .toEqual(['Huevo']);
});

test('without signal a weighing shows on Métricas at once, marked through a reload, and reaches the API once the signal is back', async ({
  page,
  context,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'offline-weight');
  const headers = { Authorization: `Token ${account.tokens.access_token}` };
  await storeSession(page, account.tokens);
  await page.goto('/users/metrics');
  const weighing = page.getByRole('form', { name: 'Anotar peso' });
  await expect(weighing).toBeVisible();
  // Without signal, the code of what a tap opens comes from the service worker's precache.
  await controlledByTheServiceWorker(page);

  await context.setOffline(true);
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible();
  await weighing.getByLabel('Peso (kg)').fill('81,3');
  await weighing.getByRole('button', { name: 'Guardar peso' }).click();
  const table = page.getByRole('table', { name: 'Pesajes del periodo' });
  const row = table.getByRole('row', { name: /81,3 kg/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pendiente de enviar')).toBeVisible();
  await expect(page.getByTestId('trend')).not.toHaveText('—');
  await page.screenshot({ path: testInfo.outputPath('metrics-weighing-offline.png') });

  // A reload without signal: the metrics read once are kept on the device, the weighing too.
  await page.reload();
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible({
    timeout: 15_000,
  });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pendiente de enviar')).toBeVisible();

  await context.setOffline(false);
  await expect(row.getByText('Pendiente de enviar')).toBeHidden({ timeout: 15_000 });
  await expect(table.getByRole('row', { name: /81,3 kg/ })).toHaveCount(1);
  const metrics = await data<{ weights: { date: string; weight_kg: number }[] }>(
    await request.get('/v0/metrics/?months=1', { headers }),
  );
  expect(metrics.weights.filter((point) => point.date === today())).toEqual([
    expect.objectContaining({ weight_kg: 81.3 }),
  ]);
});

test('home left the moment it shows is kept: without signal it opens again with the targets', async ({
  page,
  context,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'offline-left-at-once');
  await storeSession(page, account.tokens);
  // The diary first: it keeps the person and the day, not the targets.
  await page.goto('/users/diary');
  await expect(page.getByRole('region', { name: 'Desayuno', exact: true })).toBeVisible();
  await controlledByTheServiceWorker(page);
  await expect.poll(() => keptReads(page)).toContain('["users","current"]');
  expect((await keptReads(page)).some((key) => key.endsWith(',"targets"]'))).toBe(false);

  // Home, left for another site in the moment its energy shows (once).
  await page.addInitScript(() => {
    if (location.pathname !== '/users/home' || sessionStorage.getItem('left')) return;
    new MutationObserver(() => {
      if (!document.querySelector('[data-testid="energy-left"]')) return;
      sessionStorage.setItem('left', 'yes');
      location.href = 'about:blank';
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/users/home');
  await page.waitForURL('about:blank');

  await context.setOffline(true);
  await page.goto('/users/home');
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('energy-left')).toBeVisible();
  await expect(page.getByText(/Aún no tenemos tus objetivos/)).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('home-offline-left-at-once.png') });
});
