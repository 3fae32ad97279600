import { expect, test } from '@playwright/test';
import { data, onboardedAccount, trainerAccount } from './support/api';
import { expectAccessible, storeSession } from './support/browser';

// Trainers and their clients mostly use Forja on their phones.
test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(120_000);

/** Two days ago, as the date box writes it: today wherever either of them lives. */
function twoDaysAgo(): string {
  const date = new Date(Date.now() - 2 * 86_400_000);
  return date.toISOString().slice(0, 10);
}

test('a trainer builds a program with cardio and assigns it; the trainee starts today’s session from the diary', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const trainer = await trainerAccount(request, 'entrenadora');
  const trainee = await onboardedAccount(request, 'programa');
  const invitation = await data<{ code: string }>(
    await request.post('/v0/trainers/invitations/', {
      headers: { Authorization: `Token ${trainer.access_token}` },
      data: {},
    }),
  );
  await data(
    await request.post(`/v0/trainers/invitations/${invitation.code}/acceptance/`, {
      headers: { Authorization: `Token ${trainee.tokens.access_token}` },
      data: { consent: { diary: true, training: true, body: false, check_ins: false } },
    }),
  );

  // The trainer builds the program from the Programas tab.
  await storeSession(page, trainer);
  await page.goto('/trainers/today');
  await page
    .getByRole('navigation', { name: 'Entrenador' })
    .getByRole('link', { name: 'Programas' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programas' })).toBeVisible();
  await expect(page.getByText('Aún no tienes programas.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('programs.png'), fullPage: true });
  await page.getByLabel('Nombre del nuevo programa').fill('Fuerza en casa');
  await page.getByRole('button', { name: 'Crear programa' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fuerza en casa' })).toBeVisible();

  await page.getByRole('button', { name: 'Añadir rutina' }).click();
  const routine = page.getByRole('region', { name: 'Rutina 1' });
  await routine.getByLabel('Nombre de la rutina').fill('Cuerpo entero');
  // Every day of the week, so that today has it wherever the test runs.
  for (const day of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']) {
    await routine.getByRole('button', { name: day, exact: true }).click();
  }
  await routine.getByRole('button', { name: 'Añadir ejercicio' }).click();
  await routine.getByLabel('Buscar ejercicio').fill('sentadilla');
  await routine
    .getByRole('button', { name: /^Añadir Sentadilla/ })
    .first()
    .click();
  await routine.getByLabel('Series').fill('4');
  await routine.getByLabel('Repeticiones').fill('6-8');
  await routine.getByLabel('RPE').fill('8');
  // Cardio is prescribed by time and distance, not by sets and reps (decision 079).
  await routine.getByRole('button', { name: 'Añadir ejercicio' }).click();
  await routine.getByLabel('Buscar ejercicio').fill('correr');
  await routine.getByRole('button', { name: 'Añadir Correr', exact: true }).click();
  const running = routine.getByRole('listitem').filter({ hasText: 'Correr' });
  await expect(running.getByLabel('Series')).toHaveCount(0);
  await expect(running.getByLabel('Duración (min)')).toHaveValue('30');
  await running.getByLabel('Distancia (km)').fill('5');
  await running.getByLabel('Intensidad').fill('Zona 2');
  // Every box and button of the cardio row is a 44 px target or more.
  // Duración, Distancia, Intensidad, Notas, Subir and Quitar.
  await expect(running.locator('input, button')).toHaveCount(6);
  for (const target of await running.locator('input, button').all()) {
    expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await page.getByRole('button', { name: 'Guardar programa' }).click();
  await expect(page.getByText('Programa guardado')).toBeVisible();

  const assign = page.getByRole('region', { name: 'Clientes con este programa' });
  await assign.getByRole('checkbox', { name: /Lucía Pérez/ }).check();
  await assign.getByLabel('Empieza el').fill(twoDaysAgo());
  await assign.getByRole('button', { name: 'Asignar programa' }).click();
  await expect(page.getByText('Programa asignado')).toBeVisible();
  await expect(assign.getByText(/^Desde el/)).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  // From the top: axe counts the fields scrolled under the sticky header as hidden targets.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('program-builder.png'), fullPage: true });

  // The trainee sees today's session on home and starts it from the diary.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const mine = await phone.newPage();
  await storeSession(mine, trainee.tokens);
  await mine.goto('/users/home');
  const today = mine.getByRole('region', { name: 'Tu sesión de hoy' });
  await expect(today.getByText('Cuerpo entero')).toBeVisible();
  await expect(today.getByText('2 ejercicios · Fuerza en casa')).toBeVisible();
  await expect(today.getByRole('button', { name: 'Empezar' })).toBeVisible();
  await expectAccessible(mine);
  await mine.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });

  await mine.goto('/users/diary');
  const planned = mine.getByRole('region', { name: 'Sesión planificada: Cuerpo entero' });
  await expect(planned.getByText(/4 × 6-8 · RPE 8 · descanso 90 s/)).toBeVisible();
  await expect(planned.getByText('30 min · 5 km · Zona 2')).toBeVisible();
  await expectAccessible(mine);
  await mine.screenshot({ path: testInfo.outputPath('diary-planned.png'), fullPage: true });
  await planned.getByRole('button', { name: 'Empezar' }).click();
  await expect(planned.getByText('Ya la has empezado: está abajo.')).toBeVisible();
  const training = mine.getByRole('region', { name: 'Entrenamiento', exact: true });
  await expect(training.getByText(/Sentadilla/).first()).toBeVisible();
  // The run is logged against its plan: the prescribed time and distance, one tap.
  const run = training.getByRole('region', { name: 'Correr' });
  await expect(run.getByText('Plan: 30 min · 5 km · Zona 2')).toBeVisible();
  await expect(run.getByLabel('Tiempo (min)')).toHaveValue('30');
  await expect(run.getByLabel('Distancia (km)')).toHaveValue('5');
  await run.getByLabel('Distancia (km)').fill('5,2');
  await run.getByRole('button', { name: 'Confirmar serie 1 de Correr' }).click();
  await expect(run.getByRole('list', { name: 'Series de Correr' })).toContainText(
    '30 min · 5,2 km',
  );
  await mine.screenshot({ path: testInfo.outputPath('diary-started.png'), fullPage: true });

  // Once a day: reloading offers no second start.
  await mine.reload();
  await expect(planned.getByText('Ya la has empezado: está abajo.')).toBeVisible();
  await expect(planned.getByRole('button', { name: 'Empezar' })).toHaveCount(0);
  await phone.close();
});
