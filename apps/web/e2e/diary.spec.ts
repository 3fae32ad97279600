import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { addDays, todayIn } from '@forja/shared/calendar';
import { onboardedAccount, subscribedAccount } from './support/api';
import { expectAccessible, logWorkout, storeSession } from './support/browser';

// The app's days are Madrid's for people who keep the default time zone.
const today = () => todayIn('Europe/Madrid', new Date());

function meal(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('a trainee logs a day: breakfast by search, a quick snack, yesterday’s lunch, water and a workout', async ({
  page,
  request,
}) => {
  // Onboarded, so there are targets (2125 kcal) to hold the day against.
  const account = await onboardedAccount(request, 'diary');
  const auth = { Authorization: `Token ${account.tokens.access_token}` };
  // Yesterday's lunch, to copy: two slices of bread.
  const [bread] = (
    (await (
      await request.get('/v0/foods/?q=pan%20de%20molde%20blanco', { headers: auth })
    ).json()) as {
      data: { id: string }[];
    }
  ).data;
  const lunch = await request.post('/v0/diary/entries/', {
    headers: auth,
    data: {
      kind: 'food',
      date: addDays(today(), -1),
      meal: 'comida',
      food_id: bread?.id,
      quantity: 2,
      unit: '1 rebanada',
    },
  });
  expect(lunch.status()).toBe(201);

  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();

  // Breakfast by search: two eggs.
  const breakfast = meal(page, 'Desayuno');
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  await breakfast.getByLabel('Buscar alimento').fill('huevo');
  await breakfast.getByRole('button', { name: /^Huevo 143 kcal/ }).click();
  await breakfast.getByLabel('Cantidad', { exact: true }).fill('2');
  await breakfast.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(breakfast.getByLabel('Total de Desayuno')).toHaveText('143 kcal');
  await expect(breakfast.getByText('2 × 1 huevo (100 g)').first()).toBeVisible();
  // The sheet stays open for more foods until done.
  await breakfast.getByRole('button', { name: 'Listo' }).click();
  await expect(breakfast.getByText('2 × 1 huevo (100 g)')).toBeVisible();

  // A snack by quick add.
  const snack = meal(page, 'Merienda');
  await snack.getByRole('button', { name: 'Añadir a Merienda' }).click();
  await snack.getByRole('radio', { name: 'Añadido rápido' }).click();
  await snack.getByLabel('Calorías (kcal)').fill('250');
  await snack.getByLabel('Proteínas (g)').fill('10,5');
  await snack.getByRole('button', { name: 'Añadir calorías' }).click();
  await expect(snack.getByLabel('Total de Merienda')).toHaveText('250 kcal');
  await snack.getByRole('button', { name: 'Listo' }).click();

  // Yesterday's lunch, copied.
  const lunchToday = meal(page, 'Comida');
  await lunchToday.getByRole('button', { name: 'Añadir a Comida' }).click();
  await lunchToday.getByRole('radio', { name: 'Copiar de otro día' }).click();
  await lunchToday.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(lunchToday.getByLabel('Total de Comida')).toHaveText('133 kcal');
  await lunchToday.getByRole('button', { name: 'Listo' }).click();
  await expect(lunchToday.getByText('2 × 1 rebanada (50 g)')).toBeVisible();

  // 500 ml of water, a glass at a time.
  const water = page.getByRole('region', { name: 'Agua' });
  await water.getByRole('button', { name: 'Añadir 250 ml' }).click();
  await expect(water.getByTestId('water')).toHaveText('250 ml de 2000 ml');
  await water.getByRole('button', { name: 'Añadir 250 ml' }).click();
  await expect(water.getByTestId('water')).toHaveText('500 ml de 2000 ml');

  // A workout of three sets; editing one changes it, it does not add a fourth.
  const { sets } = await logWorkout(page, {
    unit: 'kg',
    weight: '60',
    edited: 2,
    newWeight: '62,5',
  });
  await expect(sets.nth(1)).toContainText('5 × 62,5 kg');

  // 143 + 250 + 133 kcal, against the target.
  const summary = page.getByRole('region', { name: 'Resumen del día' });
  await expect(summary.getByTestId('day-kcal')).toHaveText('526');
  await expect(summary).toContainText('de 2125 kcal');
  await expect(summary).toContainText('Te quedan 1599 kcal');
  await expectAccessible(page);

  // Home shows the same day.
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Inicio' })
    .click();
  await expect(page.getByTestId('energy-left')).toHaveText('1599 kcal');
  await expect(page.getByText('526 de 2125 kcal consumidas')).toBeVisible();
  await expect(page.getByText('1 sesión, 3 series')).toBeVisible();
});

test('the diary moves a day at a time and keeps each day apart', async ({ page, request }) => {
  const account = await subscribedAccount(request, 'diary-days');
  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  await page.getByRole('button', { name: 'Día anterior' }).click();
  await expect(page).toHaveURL(`/users/diary?date=${addDays(today(), -1)}`);
  const water = page.getByRole('region', { name: 'Agua' });
  await water.getByRole('button', { name: 'Añadir 250 ml' }).click();
  await expect(water.getByTestId('water')).toHaveText('250 ml');
  await page.getByRole('button', { name: 'Día siguiente' }).click();
  await expect(page).toHaveURL('/users/diary');
  await expect(water.getByTestId('water')).toHaveText('0 ml');
});

test('weights on three days show the trend and the chart, energy shows against its target, and all data exports as CSV', async ({
  page,
  request,
}) => {
  // Onboarded, so there is an energy target (2125 kcal, 2123 once the trend weight is
  // 79.866 kg); yesterday's 2100 kcal are within it.
  const account = await onboardedAccount(request, 'metrics');
  const eaten = await request.post('/v0/diary/entries/', {
    headers: { Authorization: `Token ${account.tokens.access_token}` },
    data: { kind: 'quick', date: addDays(today(), -1), meal: 'comida', kcal: 2100 },
  });
  expect(eaten.status()).toBe(201);
  await storeSession(page, account.tokens);
  await page.goto('/users/metrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Anotar peso' });
  const rows = page.getByRole('table').first().getByRole('row');
  for (const [offset, weight] of [
    [-2, '80'],
    [-1, '79,4'],
    [0, '79,2'],
  ] as const) {
    await form.getByLabel('Día').fill(addDays(today(), offset));
    await form.getByLabel('Peso (kg)').fill(weight);
    await form.getByRole('button', { name: 'Guardar peso' }).click();
    await expect(rows).toHaveCount(4 + offset);
  }
  // 80 → 79,94 → 79,866: the trend moves a tenth of the way each day.
  await expect(page.getByTestId('trend')).toHaveText('79,9 kg');
  // Three days of weighings: the weekly rate waits for fourteen.
  await expect(page.getByTestId('weekly-rate')).toHaveText('—');
  await expect(page.getByTestId('weekly-rate-pending')).toHaveText(
    'Necesitamos 14 días de pesajes',
  );
  await expect(
    page.getByRole('img', { name: /3 pesajes; tendencia actual 79,9 kg/ }),
  ).toBeVisible();
  await expect(page.getByTestId('trend-line')).toHaveAttribute(
    'd',
    /^M[\d.]+,[\d.]+L[\d.]+,[\d.]+L[\d.]+,[\d.]+$/,
  );
  const energy = page.getByRole('region', { name: 'Constancia' });
  await expect(energy).toContainText('100 % de los días');
  await expect(
    // The targets count on the trend: BMR 798.66 + 1125 − 150 + 5 = 1778.66; × 1.55 − 550
    energy.getByRole('img', { name: /1 de 1 días anotados dentro de ±10 % de 2123 kcal$/ }),
  ).toBeVisible();
  await energy.getByText('Ver la energía de cada día').click();
  await expect(energy.getByRole('row').nth(1)).toContainText('2100 kcal-23 kcal (-1 %)Dentro');
  await page.getByRole('radio', { name: '3 meses' }).click();
  await expect(rows).toHaveCount(4);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`forja-${today()}.csv`);
  const content = await readFile(await file.path(), 'utf8');
  expect(content).toContain('registro,fecha,comida,nombre');
  expect(content).toContain(`peso,${addDays(today(), -1)},,,,,,,,,,,,,,,79.4`);
});
