import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { subscribedAccount, type Tokens } from './support/api';
import { storeSession } from './support/browser';

test.use({ viewport: { width: 390, height: 844 } });

function meal(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** The breakfast entries the server keeps today: name and grams of each. */
async function breakfastOnServer(request: APIRequestContext, tokens: Tokens) {
  const headers = { Authorization: `Token ${tokens.access_token}` };
  const today = await request.get('/v0/today/', { headers });
  const { date } = ((await today.json()) as { data: { date: string } }).data;
  const day = await request.get(`/v0/diary/days/${date}/`, { headers });
  const body = (await day.json()) as {
    data: { meals: { meal: string; entries: { name: string; grams: number }[] }[] };
  };
  return body.data.meals.find((m) => m.meal === 'desayuno')?.entries ?? [];
}

test('a whole breakfast typed in one line is logged as three entries with their grams', async ({
  page,
  request,
}) => {
  const account = await subscribedAccount(request, 'frase');
  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();

  const breakfast = meal(page, 'Desayuno');
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  await breakfast
    .getByLabel('Buscar alimento')
    .fill('2 huevos revueltos, una tostada con tomate y un café con leche');

  // One entry for each food of the line, in its order, each with the amount it said.
  const list = breakfast.getByRole('region', { name: 'Alimentos de tu frase' });
  const entries = list.getByRole('group');
  await expect(entries).toHaveCount(3);
  const eggs = list.getByRole('group', { name: 'Huevos revueltos' });
  await expect(eggs.getByLabel('Cantidad')).toHaveValue('1');
  await expect(eggs.getByLabel('Unidad')).toHaveValue('1 ración (2 huevos)');
  const toast = list.getByRole('group', { name: 'Tostada con tomate y aceite' });
  await expect(toast.getByLabel('Unidad')).toHaveValue('1 tostada');
  const coffee = list.getByRole('group', { name: 'Café con leche' });
  await expect(coffee.getByLabel('Unidad')).toHaveValue('1 taza');

  await list.getByRole('button', { name: 'Añadir todo' }).click();
  await expect(list).toBeHidden();
  await expect(breakfast.getByLabel('Buscar alimento')).toHaveValue('');

  // What the server keeps: the three foods, 122 g of eggs, a 108 g toast, a 200 g cup.
  await expect.poll(async () => (await breakfastOnServer(request, account.tokens)).length).toBe(3);
  const logged = await breakfastOnServer(request, account.tokens);
  expect(logged.map((entry) => [entry.name, entry.grams])).toEqual([
    ['Huevos revueltos', 122],
    ['Tostada con tomate y aceite', 108],
    ['Café con leche', 200],
  ]);

  // Then the eggs were 120 g: typed in grams, the energy changing before it is saved.
  await breakfast.getByRole('button', { name: 'Listo' }).click();
  await breakfast.getByRole('button', { name: 'Editar Huevos revueltos' }).click();
  const form = breakfast.getByRole('form', { name: 'Editar Huevos revueltos' });
  const before = await form.getByText(/^\d+ kcal · /).textContent();
  await form.getByLabel('Unidad').selectOption('g');
  await expect(form.getByLabel('Cantidad')).toHaveValue('122');
  await form.getByLabel('Cantidad').fill('120');
  await expect(form.getByText(/^\d+ kcal · /)).not.toHaveText(before ?? '');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(breakfast.getByText('120 g', { exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      (await breakfastOnServer(request, account.tokens)).map((entry) => [entry.name, entry.grams]),
    )
    .toEqual([
      ['Huevos revueltos', 120],
      ['Tostada con tomate y aceite', 108],
      ['Café con leche', 200],
    ]);
});
