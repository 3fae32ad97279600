import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Tokens } from './api';

/** Puts a session in the page's storage, as a login would. */
export async function storeSession(page: Page, tokens: Tokens): Promise<void> {
  await page.goto('/auth/login');
  await page.evaluate((stored) => {
    localStorage.setItem('accessToken', stored.access_token);
    localStorage.setItem('refreshToken', stored.refresh_token);
  }, tokens);
}

export async function readSession(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
}

export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** No WCAG 2.2 A/AA violation that axe can find on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Logs a workout on the diary: squats found by search, a first set of 5 at `weight` typed,
 * then two more confirmed with one tap each (the logger offers the last set again), then
 * set number `edited` changed to `newWeight`. The edit form starts from the set's weight,
 * and editing keeps three sets. Weights are typed in `unit`. Gives the training region and
 * its sets.
 */
export async function logWorkout(
  page: Page,
  workout: { unit: 'kg' | 'lb'; weight: string; edited: number; newWeight: string },
) {
  const weightLabel = `Peso (${workout.unit})`;
  const training = page.getByRole('region', { name: 'Entrenamiento' });
  await training.getByRole('button', { name: 'Nuevo entrenamiento' }).click();
  // A new session opens the picker.
  const picker = training.getByRole('region', { name: 'Elegir ejercicio' });
  await picker.getByLabel('Buscar ejercicio').fill('sentadilla');
  await picker.getByRole('button', { name: 'Sentadilla Cuádriceps', exact: true }).click();
  const first = training.getByRole('form', { name: 'Serie 1 de Sentadilla' });
  await first.getByLabel('Reps').fill('5');
  await first.getByLabel(weightLabel).fill(workout.weight);
  const sets = training.getByRole('list', { name: 'Series de Sentadilla' }).getByRole('listitem');
  for (const count of [1, 2, 3]) {
    await training
      .getByRole('button', { name: `Confirmar serie ${String(count)} de Sentadilla` })
      .click();
    await expect(sets).toHaveCount(count);
  }
  const editName = `Editar serie ${String(workout.edited)} de Sentadilla`;
  await training.getByRole('button', { name: editName }).click();
  const edit = training.getByRole('form', { name: editName });
  await expect(edit.getByLabel(weightLabel)).toHaveValue(workout.weight);
  await edit.getByLabel(weightLabel).fill(workout.newWeight);
  await edit
    .getByRole('button', { name: `Guardar serie ${String(workout.edited)} de Sentadilla` })
    .click();
  await expect(edit).toHaveCount(0);
  await expect(sets).toHaveCount(3);
  return { training, sets };
}
