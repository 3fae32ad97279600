import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { birthDateForAge30, PASSWORD, type Tokens } from './api';

/** A full-page screenshot among the test's outputs, to look at the screen as a person would. */
export async function picture(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Waits until the service worker has installed its precache and controls the page. */
export async function controlledByTheServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 60_000,
    })
    .toMatch(/\/sw\.js$/);
}

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

/** axe once the notices have gone: a toast fading in is not yet at its final contrast. */
export async function expectAccessibleOnceQuiet(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectAccessible(page);
}

/** Fills the registration form (trainee's or trainer's) for someone surnamed Ibáñez, and sends it. */
export async function registerThroughForm(page: Page, person: { first: string; email: string }) {
  await page.getByLabel('Nombre').fill(person.first);
  await page.getByLabel('Apellidos').fill('Ibáñez');
  await page.getByLabel('País').selectOption('ES');
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repite la contraseña').fill(PASSWORD);
  await page.getByLabel('He leído y acepto los términos y la política de privacidad').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
}

/** Types the e-mailed code on the verification screen; the login comes next. */
export async function verifyThroughForm(page: Page, code: string) {
  await expect(page.getByRole('heading', { name: 'Verifica tu correo' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(code);
  await page.getByRole('button', { name: 'Verificar correo' }).click();
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
}

/**
 * The six onboarding steps answered as a man of 30, 180 cm and 80 kg who wants to lose half a
 * kilo a week (2125 kcal a day), sharing his data with his trainer; ends on the summary.
 * `after(step)` runs once a step is sent, on the screen that follows it.
 */
export async function onboardThroughForms(
  page: Page,
  after: (step: number) => Promise<void> = () => Promise.resolve(),
) {
  const next = async (step: number) => {
    await page.getByRole('button', { name: 'Continuar' }).click();
    await after(step);
  };
  // 1. Goal and pace
  await expect(page.getByText('Paso 1 de 6')).toBeVisible();
  await page.getByLabel('Perder grasa').check();
  await page.getByLabel('Ritmo semanal (kg por semana)').fill('0,5');
  await page.getByLabel('Peso objetivo (kg)').fill('75');
  await next(1);
  // 2. Body
  await expect(page.getByRole('heading', { level: 1, name: 'Tu cuerpo' })).toBeVisible();
  await expect(page.getByText('Paso 2 de 6')).toBeVisible();
  await page.getByLabel('Hombre').check();
  await page.getByLabel('Fecha de nacimiento').fill(birthDateForAge30());
  await page.getByLabel('Altura (cm)').fill('180');
  await page.getByLabel('Peso (kg)').fill('80');
  await next(2);
  // 3. Activity
  await expect(page.getByRole('heading', { level: 1, name: 'Tu actividad' })).toBeVisible();
  await page.getByLabel(/^Moderada/).check();
  await page.getByLabel('Días de entrenamiento por semana').fill('4');
  await page.getByLabel('Horas de entrenamiento por semana').fill('4');
  await page.getByLabel(/^Fuerza/).check();
  await next(3);
  // 4. Training
  await expect(page.getByText('Paso 4 de 6')).toBeVisible();
  await page.getByLabel('Principiante (menos de 1 año)').check();
  await page.getByLabel('Mancuernas').check();
  await next(4);
  // 5. Eating
  await expect(page.getByRole('heading', { level: 1, name: 'Tu alimentación' })).toBeVisible();
  await page.getByLabel('Como de todo').check();
  await page.getByLabel('Cacahuetes').check();
  await page.getByLabel('Comidas al día').fill('4');
  await next(5);
  // 6. Health and consent
  await expect(page.getByRole('heading', { level: 1, name: 'Tu salud' })).toBeVisible();
  await expect(page.getByLabel(/Doy mi consentimiento explícito/)).not.toBeChecked();
  await page.getByLabel(/Doy mi consentimiento explícito/).check();
  await page.getByLabel('Comparto mis respuestas de salud con mi entrenador').check();
  await next(6);
  await expect(page).toHaveURL('/users/onboarding/resume');
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

/** The keys of the reads the device keeps (IndexedDB `forja-offline`, store `reads`). */
export function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const opening = indexedDB.open('forja-offline');
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('reads')) {
            resolve([]);
            return;
          }
          const reading = db.transaction('reads').objectStore('reads').get('last');
          reading.onsuccess = () => {
            const stored = reading.result as
              { clientState: { queries: { queryKey: unknown[] }[] } } | undefined;
            const kept = stored?.clientState.queries ?? [];
            resolve(kept.map((query) => JSON.stringify(query.queryKey)));
          };
        };
      }),
  );
}
