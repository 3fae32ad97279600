import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  answerOnboarding,
  data,
  seedMonth,
  subscribedAccount,
  trainerAccount,
} from './support/api';
import { expectAccessibleOnceQuiet, picture, storeSession } from './support/browser';

// On their phones, in Spain.
const phone = { viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Madrid' };
test.use(phone);
test.setTimeout(180_000);

/** A full-page picture of the screen at 390 × 844, kept with the run's results. */
/** The energy in "Aprobar 2359 kcal" or "Aceptar 2359 kcal". */
async function energyIn(button: ReturnType<Page['getByRole']>): Promise<number> {
  const text = (await button.textContent()) ?? '';
  const energy = Number(/(\d+) kcal/.exec(text)?.[1]);
  expect(energy, `an energy in "${text}"`).toBeGreaterThan(0);
  return energy;
}

/*
 * The trainee's month is logged before the onboarding is answered: from the moment the
 * targets can be computed, either her own read (home) or the server's pass of every minute
 * may look at her week, and both must then find the data to propose from.
 */

test('a trainer approves the weekly adjustment from Hoy in one tap, and the trainee sees her new target', async ({
  page: lucia,
  browser,
  request,
}) => {
  // A trainer, and a trainee who accepts her invitation sharing everything.
  const trainer = await trainerAccount(request, 'adaptive-coach');
  const invitation = await data<{ code: string }>(
    await request.post('/v0/trainers/invitations/', {
      headers: { Authorization: `Token ${trainer.access_token}` },
      data: {},
    }),
  );
  const trainee = await subscribedAccount(request, 'adaptive-client');
  await data(
    await request.post(`/v0/trainers/invitations/${invitation.code}/acceptance/`, {
      headers: { Authorization: `Token ${trainee.tokens.access_token}` },
      data: { consent: { diary: true, training: true, body: true, check_ins: true } },
    }),
  );
  // A month of eating around her target while losing 0.1 kg a day: she spends more than that.
  await seedMonth(request, trainee.tokens);
  await answerOnboarding(request, trainee.tokens);
  const before = await energyTargetOf(request, trainee.tokens);

  // 1. She opens home: her trainer reviews the week's adjustment, so she has nothing to decide.
  await storeSession(lucia, trainee.tokens);
  await lucia.goto('/users/home');
  await expect(lucia.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  await expect(
    lucia.getByText('Tu entrenador está revisando el ajuste semanal de tu objetivo de energía.'),
  ).toBeVisible();
  await expect(lucia.getByTestId('energy-left')).toHaveText(`${String(before)} kcal`);
  await expectAccessibleOnceQuiet(lucia);
  await picture(lucia, 'inicio-en-revision');

  // 2. The trainer finds it in Hoy, with what it comes from, and approves it: one tap.
  const hers = await browser.newContext(phone);
  const coach = await hers.newPage();
  await storeSession(coach, trainer);
  await coach.goto('/trainers/today');
  const item = coach
    .getByRole('article', { name: 'Lucía Pérez' })
    .filter({ hasText: 'Ajuste semanal' });
  await expect(item).toContainText(
    `Ajuste semanal: subir su objetivo de ${String(before)} kcal a `,
  );
  await expect(item).toContainText(/su gasto real es de unas \d+ kcal/);
  const approve = item.getByRole('button', { name: /^Aprobar \d+ kcal$/ });
  const energy = await energyIn(approve);
  expect(energy).toBeGreaterThan(before);
  expect(energy).toBeLessThanOrEqual(before + 150);
  await expectAccessibleOnceQuiet(coach);
  await picture(coach, 'hoy-ajuste');

  // Her file's Objetivos has it too, with what it comes from; an energy below her floor asks
  // for a confirmation first. She changes her mind there, and approves from Hoy.
  await item.getByRole('link', { name: 'Ver los objetivos de Lucía Pérez' }).click();
  const weekly = coach.getByRole('region', { name: 'Ajuste semanal' });
  await expect(weekly).toContainText(
    new RegExp(`de ${String(before)} kcal a ${String(energy)} kcal`),
  );
  await expect(weekly).toContainText(/Gasto real: \d+ kcal\/día \(± \d+ kcal, confianza \w+\)/);
  await weekly.getByRole('button', { name: 'Editar' }).click();
  await weekly.getByLabel('Energía (kcal al día)').fill('1000');
  await weekly.getByRole('button', { name: 'Aprobar esta energía' }).click();
  const belowFloor = weekly.getByRole('group', { name: /1000 kcal está por debajo del mínimo/ });
  await expect(belowFloor.getByRole('button', { name: 'Sí, aprobar 1000 kcal' })).toBeVisible();
  await expectAccessibleOnceQuiet(coach);
  await picture(coach, 'objetivos-por-debajo');
  await belowFloor.getByRole('button', { name: 'Cambiar la energía' }).click();
  await weekly.getByRole('button', { name: 'Cancelar' }).click();
  await expect(
    weekly.getByRole('button', { name: `Aprobar ${String(energy)} kcal` }),
  ).toBeVisible();
  await picture(coach, 'objetivos-pendiente');
  await coach
    .getByRole('navigation', { name: 'Entrenador' })
    .getByRole('link', { name: 'Hoy' })
    .click();
  await approve.click();
  await expect(coach.getByText(`Aprobado: ${String(energy)} kcal para Lucía Pérez`)).toBeVisible();
  await expect(item).toHaveCount(0);

  // Her file keeps it: the week approved, and the change in the history.
  await coach.goto(`/trainers/clients/${await traineeIdOf(request, trainee.tokens)}/targets`);
  await expect(weekly.getByText(/No hay ningún ajuste pendiente/)).toBeVisible();
  await expect(weekly.getByText(`Aprobado: ${String(energy)} kcal, por Marta Ruiz`)).toBeVisible();
  await expect(
    coach
      .getByRole('list', { name: /Cambios/ })
      .getByText(new RegExp(`^Aprobó el ajuste semanal: ${String(energy)} kcal \\(gasto real`)),
  ).toBeVisible();
  await expectAccessibleOnceQuiet(coach);
  await picture(coach, 'objetivos-ajuste');

  // 3. Her home shows the new target, who approved it, and the energy left against it.
  await lucia.goto('/users/home');
  const card = lucia.getByRole('region', { name: 'Ajuste semanal' });
  await expect(card.getByText(`Nuevo objetivo: ${String(energy)} kcal`)).toBeVisible();
  await expect(card).toContainText('Aprobado por Marta Ruiz.');
  await expect(lucia.getByTestId('energy-left')).toHaveText(`${String(energy)} kcal`);
  await expectAccessibleOnceQuiet(lucia);
  await picture(lucia, 'inicio-aprobado');

  // And Métricas, who changed it and why.
  await lucia.goto('/users/metrics');
  const changes = lucia.getByRole('region', { name: 'Cambios de tu objetivo' });
  await expect(
    changes.getByText(`Ajuste semanal aprobado por Marta Ruiz: ${String(energy)} kcal`),
  ).toBeVisible();
  await expect(changes).toContainText(/Tu gasto real era de \d+ kcal al día/);
  await expectAccessibleOnceQuiet(lucia);
  await picture(lucia, 'metricas-cambios');

  await hers.close();
});

test('a trainee without a trainer accepts the weekly adjustment on home in one tap', async ({
  page: lucia,
  request,
}) => {
  const trainee = await subscribedAccount(request, 'adaptive-alone');
  await seedMonth(request, trainee.tokens);
  await answerOnboarding(request, trainee.tokens);
  const before = await energyTargetOf(request, trainee.tokens);

  // Opening home makes the week's proposal, if the server's pass has not made it already.
  await storeSession(lucia, trainee.tokens);
  await lucia.goto('/users/home');
  const card = lucia.getByRole('region', { name: 'Ajuste semanal' });
  await expect(card).toContainText(/Tu gasto real\s*\d+ kcal\/día/);
  await expect(card).toContainText(`Tu objetivo ahora${String(before)} kcal`);
  const accept = card.getByRole('button', { name: /^Aceptar \d+ kcal$/ });
  const energy = await energyIn(accept);
  expect(energy).toBeGreaterThan(before);
  expect(energy).toBeLessThanOrEqual(before + 150);
  await expect(card.getByRole('button', { name: 'Mantener mi objetivo' })).toBeVisible();
  await expect(lucia.getByTestId('energy-left')).toHaveText(`${String(before)} kcal`);
  await expectAccessibleOnceQuiet(lucia);
  await picture(lucia, 'inicio-propuesta');

  // One tap: the new target at once, on the card and in the energy left.
  await accept.click();
  await expect(card.getByText(`Nuevo objetivo: ${String(energy)} kcal`)).toBeVisible();
  await expect(card).toContainText('Lo aceptaste tú.');
  // Shown before the server answers; the notice says when it has taken it.
  await expect(
    lucia.getByText(`Guardado: tu objetivo es ahora de ${String(energy)} kcal`),
  ).toBeVisible();
  await expect(lucia.getByTestId('energy-left')).toHaveText(`${String(energy)} kcal`);
  await expect(
    lucia.getByText(
      'Tu objetivo de energía está ajustado a tu gasto real: es el ajuste semanal que aceptaste.',
    ),
  ).toBeVisible();
  await expectAccessibleOnceQuiet(lucia);
  await picture(lucia, 'inicio-aceptado');

  // The history in Métricas.
  await lucia.goto('/users/metrics');
  const changes = lucia.getByRole('region', { name: 'Cambios de tu objetivo' });
  await expect(changes.getByText(`Ajuste semanal aceptado: ${String(energy)} kcal`)).toBeVisible();
});

async function traineeIdOf(
  request: APIRequestContext,
  tokens: { access_token: string },
): Promise<string> {
  const [me] = await data<{ id: string }[]>(
    await request.get('/v0/users/', { headers: { Authorization: `Token ${tokens.access_token}` } }),
  );
  return me?.id ?? '';
}

/** The energy target the trainee has now, as home shows it. */
async function energyTargetOf(
  request: APIRequestContext,
  tokens: { access_token: string },
): Promise<number> {
  const targets = await data<{ energy_kcal: number }>(
    await request.get('/v0/targets/', {
      headers: { Authorization: `Token ${tokens.access_token}` },
    }),
  );
  return targets.energy_kcal;
}
