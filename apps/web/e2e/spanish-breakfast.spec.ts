import { expect, test, type Page } from '@playwright/test';
import { subscribedAccount } from './support/api';
import { picture, storeSession } from './support/browser';

test.use({ viewport: { width: 390, height: 844 } });

function meal(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('a Spanish breakfast by search: tortilla de patatas and café con leche, each first for its words', async ({
  page,
  request,
}) => {
  const account = await subscribedAccount(request, 'desayuno');
  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();

  const breakfast = meal(page, 'Desayuno');
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  const search = breakfast.getByLabel('Buscar alimento');

  // The dish as eaten comes first for its name, in its usual portion: one pincho, 166 kcal.
  await search.fill('tortilla de patatas');
  const results = breakfast.getByRole('list', { name: 'Resultados' });
  await expect(results.getByRole('button').first()).toHaveAccessibleName(
    /^Tortilla de patatas \/ tortilla española 166 kcal/,
  );
  await results.getByRole('button').first().click();
  await breakfast.getByRole('button', { name: 'Añadir', exact: true }).click();

  // The sheet stays open: the coffee next, one cup of 200 g at 31 kcal per 100 g.
  await search.fill('café con leche');
  await expect(results.getByRole('button').first()).toHaveAccessibleName(/^Café con leche 31 kcal/);
  await results.getByRole('button').first().click();
  await breakfast.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(breakfast.getByLabel('Total de Desayuno')).toHaveText('228 kcal');
  await picture(page, 'spanish-breakfast');
  await breakfast.getByRole('button', { name: 'Listo' }).click();

  // What the server keeps: the two foods, 166 + 62 kcal.
  const today = await request.get('/v0/today/', {
    headers: { Authorization: `Token ${account.tokens.access_token}` },
  });
  const { date } = ((await today.json()) as { data: { date: string } }).data;
  const breakfastOnServer = async () => {
    const day = await request.get(`/v0/diary/days/${date}/`, {
      headers: { Authorization: `Token ${account.tokens.access_token}` },
    });
    const body = (await day.json()) as {
      data: { meals: { meal: string; entries: { name: string; kcal: number }[] }[] };
    };
    return body.data.meals.find((m) => m.meal === 'desayuno')?.entries ?? [];
  };
  // The diary shows each food before the API has it (decision 077): asked until it does.
  await expect.poll(async () => (await breakfastOnServer()).length).toBe(2);
  const logged = await breakfastOnServer();
  expect(logged.map((entry) => [entry.name, Math.round(entry.kcal)])).toEqual([
    ['Tortilla de patatas / tortilla española', 166],
    ['Café con leche', 62],
  ]);
});
