import { expect, test, type Page } from '@playwright/test';
import { todayIn } from '@forja/shared/calendar';
import type { DiaryDay } from '@forja/shared/schemas/diary';
import type { Food } from '@forja/shared/schemas/foods';
import type { RecipeSummary } from '@forja/shared/schemas/recipes';
import { data, onboardedAccount } from './support/api';
import { expectAccessible, picture, storeSession } from './support/browser';

// Recipes (decision 072): composed on /users/recipes, logged in the diary by serving, and
// changed later without touching what was logged.

const today = () => todayIn('Europe/Madrid', new Date());

test.use({ viewport: { width: 390, height: 844 } });
// A recipe made, logged and changed, with axe: on a two-core machine running both workers it
// takes close to the default 30 s.
test.setTimeout(90_000);

function meal(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('a recipe of two foods in 4 servings, 1 ración logged, then the recipe changed', async ({
  page,
  request,
}) => {
  const account = await onboardedAccount(request, 'recipes');
  const headers = { Authorization: `Token ${account.tokens.access_token}` };
  // Two foods of one's own with round values: 400 g × 100 kcal + 200 g × 300 kcal per 100 g
  // make 1000 kcal, 250 kcal a serving.
  for (const [name, kcal] of [
    ['Arroz hervido de Pili', 100],
    ['Sofrito casero de Pili', 300],
  ] as const) {
    await data<Food>(
      await request.post('/v0/foods/', {
        headers,
        data: { name, kcal, protein_g: 0, available_carbohydrate_g: 0, fat_g: 0, fibre_g: 0 },
      }),
    );
  }

  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  // Reached from the food sheet.
  const lunch = meal(page, 'Comida');
  await lunch.getByRole('button', { name: 'Añadir a Comida' }).click();
  await page.getByRole('link', { name: 'Recetas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recetas' })).toBeVisible();
  await expect(page.getByText('Aún no tienes recetas.')).toBeVisible();

  await page.getByRole('button', { name: 'Nueva receta' }).click();
  const form = page.getByRole('form', { name: 'Nueva receta' });
  await form.getByLabel('Nombre').fill('Arroz con sofrito de Pili');
  for (const [name, grams] of [
    ['Arroz hervido de Pili', '400'],
    ['Sofrito casero de Pili', '200'],
  ] as const) {
    await form.getByLabel('Añadir ingrediente').fill(name);
    await form.getByRole('button', { name: `Añadir ${name}` }).click();
    await form.getByLabel(`Gramos de ${name}`).fill(grams);
  }
  await form.getByLabel('Raciones').fill('4');
  const totals = form.getByRole('status', { name: 'Totales' });
  await expect(totals).toContainText('Total: 1000 kcal');
  await expect(totals).toContainText('Por ración (150 g): 250 kcal');
  // Each «Quitar» is a button a finger can hit, as tall as the grams box beside it: not a
  // small link.
  for (const name of ['Arroz hervido de Pili', 'Sofrito casero de Pili']) {
    const remove = await form.getByRole('button', { name: `Quitar ${name}` }).boundingBox();
    const grams = await form.getByLabel(`Gramos de ${name}`).boundingBox();
    expect(remove?.width).toBeGreaterThanOrEqual(44);
    expect(remove?.height).toBeGreaterThanOrEqual(Math.max(44, grams?.height ?? Infinity));
  }
  // At the end of the page the "+" covers none of the form: the shell leaves room for it.
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  const plus = await page.getByRole('button', { name: 'Anotar' }).boundingBox();
  const formBox = await form.boundingBox();
  expect((formBox?.y ?? Infinity) + (formBox?.height ?? 0)).toBeLessThanOrEqual(plus?.y ?? 0);
  await picture(page, 'recipe-form');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Guardar receta' }).click();
  const list = page.getByRole('list', { name: 'Tus recetas' });
  await expect(list).toContainText('4 raciones · 250 kcal por ración');
  await picture(page, 'recipes');

  // Logged in the diary like any food, by "1 ración".
  await page.goto('/users/diary');
  await lunch.getByRole('button', { name: 'Añadir a Comida' }).click();
  await lunch.getByLabel('Buscar alimento').fill('arroz con sofrito de pili');
  await lunch.getByRole('button', { name: /^Arroz con sofrito de Pili/ }).click();
  await expect(lunch.getByLabel('Unidad')).toHaveValue('1 ración');
  await expect(lunch.getByText('250 kcal', { exact: true })).toBeVisible();
  await lunch.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(lunch.getByLabel('Total de Comida')).toHaveText('250 kcal');
  await picture(page, 'diary');

  const entries = async () =>
    (
      await data<DiaryDay>(await request.get(`/v0/diary/days/${today()}/`, { headers }))
    ).meals.flatMap((section) => section.entries);
  // The diary shows the entry before the API has it (decision 077): asked until it does.
  await expect.poll(async () => (await entries()).length).toBe(1);
  const [logged] = await entries();
  expect(logged).toMatchObject({
    name: 'Arroz con sofrito de Pili',
    quantity: 1,
    unit: '1 ración',
  });
  expect(logged?.kcal).toBeCloseTo(250);

  // The recipe now makes 2 servings: 500 kcal each, and what was logged stays at 250.
  await page.goto('/users/recipes');
  await page.getByRole('button', { name: 'Editar Arroz con sofrito de Pili' }).click();
  const editing = page.getByRole('form', { name: 'Editar Arroz con sofrito de Pili' });
  await expect(editing.getByLabel('Gramos de Sofrito casero de Pili')).toHaveValue('200');
  await editing.getByLabel('Raciones').fill('2');
  await expect(editing.getByRole('status', { name: 'Totales' })).toContainText(
    'Por ración (300 g): 500 kcal',
  );
  await editing.getByRole('button', { name: 'Guardar receta' }).click();
  await expect(list).toContainText('2 raciones · 500 kcal por ración');
  const recipes = await data<RecipeSummary[]>(await request.get('/v0/recipes/', { headers }));
  expect(recipes[0]?.per_serving?.kcal).toBeCloseTo(500);
  const [still] = await entries();
  expect(still).toMatchObject({ id: logged?.id, quantity: 1, unit: '1 ración' });
  expect(still?.kcal).toBeCloseTo(250);
});
