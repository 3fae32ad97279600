import { expect, test, type Page } from '@playwright/test';
import { todayIn } from '@forja/shared/calendar';
import type { DiaryDay } from '@forja/shared/schemas/diary';
import { data, onboardedAccount } from './support/api';
import { storeSession } from './support/browser';

// The app's days are Madrid's for people who keep the default time zone.
const today = () => todayIn('Europe/Madrid', new Date());

const meal = (page: Page, name: string) => page.getByRole('region', { name });

/** Every control of the form at least 44 px tall and wide, as a thumb needs. */
async function expectThumbSized(page: Page) {
  const form = page.getByRole('form', { name: 'Editar Huevo' });
  for (const control of await form.locator('input, select, button').all()) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  }
}

test('an egg logged as a portion is changed to 120 g, its energy shown before saving', async ({
  page,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'entry-amount');
  const headers = { Authorization: `Token ${account.tokens.access_token}` };
  await page.setViewportSize({ width: 390, height: 844 });
  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();

  // One egg, as the search offers it: 1 huevo (50 g).
  const breakfast = meal(page, 'Desayuno');
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  await breakfast.getByLabel('Buscar alimento').fill('huevo');
  await breakfast.getByRole('button', { name: /^Huevo 143 kcal/ }).click();
  await breakfast.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(breakfast.getByLabel('Total de Desayuno')).toHaveText('72 kcal');
  await breakfast.getByRole('button', { name: 'Listo' }).click();
  await expect(breakfast.getByText('1 × 1 huevo (50 g)')).toBeVisible();

  // Its entry, in grams: 120 g, the energy changing before anything is saved.
  await breakfast.getByRole('button', { name: 'Editar Huevo' }).click();
  const form = breakfast.getByRole('form', { name: 'Editar Huevo' });
  await expect(form.getByText(/^72 kcal · 6,3 g de proteínas/)).toBeVisible();
  await form.getByLabel('Unidad').selectOption('g');
  await expect(form.getByLabel('Cantidad')).toHaveValue('50');
  await form.getByLabel('Cantidad').fill('120');
  await expect(form.getByText(/^172 kcal · 15,1 g de proteínas/)).toBeVisible();
  await expect(breakfast.getByLabel('Total de Desayuno')).toHaveText('72 kcal');
  // The form as a thumb sees it: scrolled to the middle of the screen, clear of the bars.
  await form.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
  });
  await page.screenshot({ path: testInfo.outputPath('edit-phone.png') });
  await expectThumbSized(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('edit-laptop.png') });
  await expectThumbSized(page);

  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(breakfast.getByText('120 g', { exact: true })).toBeVisible();
  await expect(breakfast.getByLabel('Total de Desayuno')).toHaveText('172 kcal');
  await expect
    .poll(async () => {
      const day = await data<DiaryDay>(
        await request.get(`/v0/diary/days/${today()}/`, { headers }),
      );
      return day.meals.flatMap((logged) =>
        logged.entries.map((entry) => [entry.quantity, entry.unit, entry.kcal]),
      );
    })
    .toEqual([[120, 'g', 172]]);

  // Next time, the egg is offered as it was last eaten: 120 g, with its energy.
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  await expect(breakfast.getByRole('button', { name: /^Huevo 120 g · 172 kcal/ })).toBeVisible();
  await expect(breakfast.getByRole('button', { name: 'Añadir Huevo (120 g)' })).toBeVisible();
});
