import { expect, test, type Locator } from '@playwright/test';
import { todayIn } from '@forja/shared/calendar';
import type { DiaryDay } from '@forja/shared/schemas/diary';
import type { Food } from '@forja/shared/schemas/foods';
import type { RecipeSummary } from '@forja/shared/schemas/recipes';
import { data, linkedPair } from './support/api';
import { expectAccessibleOnceQuiet, picture, storeSession } from './support/browser';

// The trainer composes a recipe for a client from the client's file, finding the
// ingredients with the client's own food search; the client logs it (decision 080).

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(90_000);

/** At least 44 × 44 px: a finger can hit it. */
async function expectTappable(target: Locator) {
  const box = await target.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

test('a trainer makes «Tortilla de la abuela» for a client, who finds it and logs 1 ración', async ({
  browser,
  request,
}) => {
  const { trainer, trainee, traineeId } = await linkedPair(request);
  const traineeHeaders = { Authorization: `Token ${trainee.access_token}` };
  // One of Lucía's own foods, with round values: 400 g at 150 kcal per 100 g.
  await data<Food>(
    await request.post('/v0/foods/', {
      headers: traineeHeaders,
      data: {
        name: 'Patata pochada de Lucía',
        kcal: 150,
        protein_g: 2,
        available_carbohydrate_g: 20,
        fat_g: 7,
        fibre_g: 0,
      },
    }),
  );

  const coach = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await coach.newPage();
  await storeSession(page, trainer);
  await page.goto(`/trainers/clients/${traineeId}`);
  const tabs = page.getByRole('navigation', { name: 'Ficha de Lucía Pérez' });
  const tab = tabs.getByRole('link', { name: 'Recetas' });
  await expectTappable(tab);
  await tab.click();
  await expect(page).toHaveURL(`/trainers/clients/${traineeId}/recipes`);
  await expect(page.getByRole('heading', { level: 2, name: 'Recetas' })).toBeVisible();
  await expect(page.getByText('Lucía aún no tiene recetas.')).toBeVisible();

  await page.getByRole('button', { name: 'Nueva receta' }).click();
  const form = page.getByRole('form', { name: 'Nueva receta' });
  await form.getByLabel('Nombre').fill('Tortilla de la abuela');
  // Huevo from Forja's table (143 kcal per 100 g), the potato from Lucía's own foods.
  for (const [words, name, grams] of [
    ['huevo', 'Huevo', '300'],
    ['patata pochada', 'Patata pochada de Lucía', '400'],
  ] as const) {
    await form.getByLabel('Añadir ingrediente').fill(words);
    const found = form.getByRole('button', { name: `Añadir ${name}`, exact: true });
    await expectTappable(found);
    await found.click();
    await form.getByLabel(`Gramos de ${name}`).fill(grams);
  }
  await form.getByLabel('Raciones').fill('4');
  // 300 g × 1.43 + 400 g × 1.5 = 1029 kcal over 700 g: 175 g and 257 kcal a ración.
  const totals = form.getByRole('status', { name: 'Totales' });
  await expect(totals).toContainText('Total: 1029 kcal');
  await expect(totals).toContainText('Por ración (175 g): 257 kcal');
  for (const name of ['Huevo', 'Patata pochada de Lucía']) {
    await expectTappable(form.getByRole('button', { name: `Quitar ${name}` }));
  }
  await expectTappable(form.getByRole('button', { name: 'Guardar receta' }));
  // Checked from the top, as the screen opens: scrolled down, the sticky header covers part of
  // the tabs, and how far it covers them depends on the fonts the machine has.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await expectAccessibleOnceQuiet(page);
  await picture(page, 'trainer-recipe-form');
  await form.getByRole('button', { name: 'Guardar receta' }).click();
  await expect(page.getByText('Receta creada')).toBeVisible();

  const list = page.getByRole('list', { name: 'Recetas de Lucía' });
  await expect(list).toContainText('Tortilla de la abuela');
  await expect(list).toContainText('4 raciones · 257 kcal por ración');
  await expectTappable(page.getByRole('button', { name: 'Editar Tortilla de la abuela' }));
  await expectTappable(page.getByRole('button', { name: 'Nueva receta' }));
  await expectAccessibleOnceQuiet(page);
  await picture(page, 'trainer-recipes');
  await coach.close();

  // The recipe is Lucía's: she finds it in her food search and logs 1 ración at lunch.
  const recipes = await data<RecipeSummary[]>(
    await request.get('/v0/recipes/', { headers: traineeHeaders }),
  );
  expect(recipes.map((recipe) => recipe.name)).toEqual(['Tortilla de la abuela']);
  const own = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await own.newPage();
  await storeSession(phone, trainee);
  await phone.goto('/users/diary');
  const lunch = phone.getByRole('region', { name: 'Comida', exact: true });
  await lunch.getByRole('button', { name: 'Añadir a Comida' }).click();
  await lunch.getByLabel('Buscar alimento').fill('tortilla de la abuela');
  await lunch.getByRole('button', { name: /^Tortilla de la abuela/ }).click();
  await expect(lunch.getByLabel('Unidad')).toHaveValue('1 ración');
  await lunch.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(lunch.getByLabel('Total de Comida')).toHaveText('257 kcal');

  // The diary shows the entry before the API has it (decision 077): the API is asked until it does.
  const today = todayIn('Europe/Madrid', new Date());
  const loggedToday = async () => {
    const day = await data<DiaryDay>(
      await request.get(`/v0/diary/days/${today}/`, { headers: traineeHeaders }),
    );
    return day.meals.flatMap((meal) => meal.entries);
  };
  await expect.poll(async () => (await loggedToday()).length).toBe(1);
  const [logged] = await loggedToday();
  expect(logged).toMatchObject({ name: 'Tortilla de la abuela', quantity: 1, unit: '1 ración' });
  // An entry keeps its energy in whole kcal.
  expect(logged?.kcal).toBe(257);
  await own.close();
});
