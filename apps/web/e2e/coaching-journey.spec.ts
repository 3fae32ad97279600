import { expect, test, type Page } from '@playwright/test';
import { todayIn } from '@forja/shared/calendar';
import { isoWeekday, WEEKDAY_LABELS } from '@forja/shared/training-plan';
import { latestCode, PASSWORD, subscribe, uniqueEmail } from './support/api';
import {
  expectAccessibleOnceQuiet,
  logInThroughForm,
  onboardThroughForms,
  picture,
  readSession,
  registerThroughForm,
  verifyThroughForm,
} from './support/browser';

// Both on their phones, in Spain.
const phone = { viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Madrid' };
test.use(phone);
test.setTimeout(240_000);

// The trainee keeps the default time zone, so her days are Madrid's.
const today = () => todayIn('Europe/Madrid', new Date());

/** A full-page picture of the screen at 390 × 844, kept with the run's results. */
/**
 * axe on a screen the journey has scrolled down, checked from its top as it opens: scrolled,
 * what sits under the sticky header counts for axe as a target covered by the header's links.
 */
async function expectAccessibleFromTop(page: Page) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await expectAccessibleOnceQuiet(page);
}

test('the coaching loop: a trainer invites, the client onboards and logs, the trainer comments, sets a target and a program, the client trains it', async ({
  page: coach,
  browser,
  request,
}) => {
  // 1. The trainer signs up, verifies her address and lands on Hoy.
  const trainerEmail = uniqueEmail('journey-coach');
  await coach.goto('/trainers/registration');
  await expect(
    coach.getByRole('heading', { level: 1, name: 'Crea tu cuenta de entrenador' }),
  ).toBeVisible();
  await registerThroughForm(coach, { first: 'Marta', email: trainerEmail });
  await verifyThroughForm(coach, await latestCode(request, trainerEmail));
  await logInThroughForm(coach, trainerEmail, PASSWORD);
  await expect(coach).toHaveURL('/trainers/today');
  await expect(coach.getByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
  await expect(coach.getByRole('heading', { name: 'Nada pendiente hoy' })).toBeVisible();
  await expectAccessibleOnceQuiet(coach);

  // 2. An invitation, and its link.
  const nav = coach.getByRole('navigation', { name: 'Entrenador' });
  await nav.locator('a[href="/trainers/invitations"]').click();
  await coach.getByRole('button', { name: 'Crear invitación' }).click();
  const link = coach.getByLabel('Enlace', { exact: true });
  await expect(link).toHaveValue(/\/invitations\/[\w-]{43}$/);
  const invitation = new URL(await link.inputValue()).pathname;
  await expectAccessibleOnceQuiet(coach);

  // 3. Lucía opens it on her phone, signs up through it and accepts, sharing everything.
  const hers = await browser.newContext(phone);
  const lucia = await hers.newPage();
  await lucia.goto(invitation);
  await expect(
    lucia.getByRole('heading', { level: 1, name: 'Marta Ibáñez te invita a entrenar con Forja' }),
  ).toBeVisible();
  const traineeEmail = uniqueEmail('journey-client');
  await lucia.getByRole('link', { name: 'Crear cuenta' }).click();
  await registerThroughForm(lucia, { first: 'Lucía', email: traineeEmail });
  await verifyThroughForm(lucia, await latestCode(request, traineeEmail));
  await logInThroughForm(lucia, traineeEmail, PASSWORD);
  await expect(lucia).toHaveURL(invitation);
  await lucia.getByRole('button', { name: 'Marcar todo' }).click();
  for (const area of [/Diario/, /Entrenamiento/, /Cuerpo/, /Revisiones/]) {
    await expect(lucia.getByRole('checkbox', { name: area })).toBeChecked();
  }
  await expectAccessibleOnceQuiet(lucia);
  await lucia.getByRole('button', { name: 'Aceptar' }).click();
  await expect(lucia.getByText('Ya entrenas con Marta Ibáñez')).toBeVisible();
  await expect(lucia).toHaveURL('/users/subscription/plans');
  // The checkout has a journey of its own: paid here through the API.
  const session = await readSession(lucia);
  await subscribe(request, {
    access_token: session.accessToken ?? '',
    refresh_token: session.refreshToken ?? '',
  });

  // 4. The trainer has a new client, still onboarding: in Hoy and in Clientes.
  await coach.reload();
  await nav.getByRole('link', { name: 'Hoy' }).click();
  await expect(coach.getByRole('article', { name: 'Lucía Ibáñez' })).toBeVisible();
  await expectAccessibleOnceQuiet(coach);
  await nav.getByRole('link', { name: 'Clientes', exact: true }).click();
  await expect(coach.getByRole('heading', { level: 2, name: 'Lucía Ibáñez' })).toBeVisible();
  await expectAccessibleOnceQuiet(coach);

  // 5. Lucía answers the six steps, reaches home and logs her day: two eggs and a glass of water.
  await lucia.goto('/users/home');
  await expect(lucia).toHaveURL('/users/onboarding/first-step');
  await onboardThroughForms(lucia);
  await expect(
    lucia.getByRole('region', { name: 'Tus objetivos diarios' }).getByTestId('energy-target'),
  ).toHaveText('2125 kcal');
  await lucia.getByRole('button', { name: 'Empezar mi plan' }).click();
  await expect(lucia).toHaveURL('/users/home');
  await expect(lucia.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  await expect(lucia.getByTestId('energy-left')).toHaveText('2125 kcal');
  await expectAccessibleOnceQuiet(lucia);

  await lucia
    .getByRole('navigation', { name: 'Secciones' })
    .getByRole('link', { name: 'Diario' })
    .click();
  await expect(lucia.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
  const breakfast = lucia.getByRole('region', { name: 'Desayuno', exact: true });
  await breakfast.getByRole('button', { name: 'Añadir a Desayuno' }).click();
  await breakfast.getByLabel('Buscar alimento').fill('huevo');
  await breakfast.getByRole('button', { name: /^Huevo 143 kcal/ }).click();
  await breakfast.getByLabel('Cantidad', { exact: true }).fill('2');
  await breakfast.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(breakfast.getByLabel('Total de Desayuno')).toHaveText('143 kcal');
  await breakfast.getByRole('button', { name: 'Listo' }).click();
  const water = lucia.getByRole('region', { name: 'Agua' });
  await water.getByRole('button', { name: 'Añadir 250 ml' }).click();
  await expect(water.getByTestId('water')).toHaveText('250 ml de 2000 ml');
  // The water's notice (with "Deshacer") comes once saved: axe waits until it has gone.
  await expect(lucia.getByText('Añadidos 250 ml de agua')).toBeVisible();
  await expectAccessibleOnceQuiet(lucia);

  // 6. The trainer reads her day in the file and comments on it.
  await coach.getByRole('link', { name: 'Lucía Ibáñez' }).click();
  await expect(coach.getByRole('heading', { level: 1, name: 'Lucía Ibáñez' })).toBeVisible();
  const file = coach.getByRole('navigation', { name: 'Ficha de Lucía Ibáñez' });
  await expectAccessibleOnceQuiet(coach);
  await file.getByRole('link', { name: 'Diario' }).click();
  const herBreakfast = coach.getByRole('region', { name: 'Desayuno' });
  await expect(herBreakfast.getByText('Huevo', { exact: true })).toBeVisible();
  await expect(herBreakfast.getByText('2 × 1 huevo (100 g)')).toBeVisible();
  await expect(coach.getByRole('region', { name: 'Totales del día' })).toContainText(
    'de 2125 kcal',
  );
  const dayThread = coach.getByRole('region', { name: 'Comentarios sobre el día' });
  await dayThread.getByRole('button', { name: 'Comentar el día' }).click();
  await dayThread.getByRole('textbox', { name: 'Tu comentario' }).fill('Buen día: sigue así');
  await dayThread.getByRole('button', { name: 'Enviar' }).click();
  await expect(coach.getByText('Comentario enviado')).toBeVisible();
  await expect(dayThread.getByText('Buen día: sigue así')).toBeVisible();
  await expectAccessibleFromTop(coach);

  // Her energy target: 1800 kcal instead of the formula's 2125, kept in the history.
  await file.getByRole('link', { name: 'Objetivos' }).click();
  const now = coach.getByRole('table', { name: 'La fórmula y lo que tiene ahora' });
  await expect(now.getByRole('row', { name: /Energía/ })).toContainText('2125 kcal');
  await coach.getByLabel('Energía (kcal al día)').fill('1800');
  await coach.getByRole('button', { name: 'Guardar objetivos' }).click();
  await expect(coach.getByText('Objetivos guardados')).toBeVisible();
  await expect(
    coach.getByRole('list', { name: /Cambios/ }).getByText('Fijó 1800 kcal (fórmula: 2125 kcal)'),
  ).toBeVisible();
  await expect(now.getByRole('row', { name: /Energía/ })).toContainText('1800 kcal');
  await expectAccessibleOnceQuiet(coach);

  // A program with one routine on today's weekday, in her time zone: squats with a load, and
  // a bench press without one.
  const weekday = WEEKDAY_LABELS[isoWeekday(today())];
  await nav.getByRole('link', { name: 'Programas' }).click();
  await expect(coach.getByRole('heading', { level: 1, name: 'Programas' })).toBeVisible();
  await coach.getByLabel('Nombre del nuevo programa').fill('Primer bloque');
  await coach.getByRole('button', { name: 'Crear programa' }).click();
  await expect(coach.getByRole('heading', { level: 1, name: 'Primer bloque' })).toBeVisible();
  await coach.getByRole('button', { name: 'Añadir rutina' }).click();
  const routine = coach.getByRole('region', { name: 'Rutina 1' });
  await routine.getByLabel('Nombre de la rutina').fill('Fuerza');
  await routine.getByRole('button', { name: weekday, exact: true }).click();
  await expect(routine.getByRole('button', { name: weekday, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const [search, name, values] of [
    ['sentadilla', 'Sentadilla', { Series: '2', Repeticiones: '8', 'Carga (kg)': '60' }],
    ['press de banca', 'Press de banca', { Series: '1', Repeticiones: '10' }],
  ] as const) {
    await routine.getByRole('button', { name: 'Añadir ejercicio' }).click();
    await routine.getByLabel('Buscar ejercicio').fill(search);
    await routine.getByRole('button', { name: `Añadir ${name}`, exact: true }).click();
    const row = routine
      .getByRole('listitem')
      .filter({ has: coach.getByRole('heading', { name: new RegExp(`^\\d\\. ${name}$`) }) });
    for (const [label, value] of Object.entries(values)) {
      await row.getByLabel(label, { exact: true }).fill(value);
    }
  }
  await coach.getByRole('button', { name: 'Guardar programa' }).click();
  await expect(coach.getByText('Programa guardado')).toBeVisible();
  const assign = coach.getByRole('region', { name: 'Clientes con este programa' });
  await assign.getByRole('checkbox', { name: /Lucía Ibáñez/ }).check();
  await assign.getByLabel('Empieza el').fill(today());
  await assign.getByRole('button', { name: 'Asignar programa' }).click();
  await expect(coach.getByText('Programa asignado')).toBeVisible();
  await expect(assign.getByText(/^Desde el/)).toBeVisible();
  await expectAccessibleFromTop(coach);
  await picture(coach, 'programa');

  // 7. Lucía's home: the comment, today's session and the new target.
  await lucia.goto('/users/home');
  const comments = lucia.getByRole('region', { name: 'Comentarios de tu entrenador' });
  await expect(comments.getByText('1 sin leer')).toBeVisible();
  await expect(comments.getByText('Buen día: sigue así')).toBeVisible();
  const planned = lucia.getByRole('region', { name: 'Tu sesión de hoy' });
  await expect(planned.getByText('Fuerza', { exact: true })).toBeVisible();
  await expect(planned.getByText('2 ejercicios · Primer bloque')).toBeVisible();
  // 1800 − 143 kcal.
  await expect(lucia.getByTestId('energy-left')).toHaveText('1657 kcal');
  await expect(lucia.getByText('143 de 1800 kcal consumidas')).toBeVisible();
  await expect(lucia.getByText('Tu entrenador ha fijado tu objetivo de energía.')).toBeVisible();
  // The program is her plan now, not the onboarding's days a week.
  await expect(lucia.getByRole('region', { name: 'Entrenamiento de hoy' })).toContainText(
    `Tu programa «Primer bloque»: ${weekday.toLowerCase()}`,
  );
  await expectAccessibleOnceQuiet(lucia);
  await picture(lucia, 'inicio');

  // She starts it and logs it: the squats prefilled from the plan, one tap a set; the bench
  // press has no load in the plan, so she types hers.
  await planned.getByRole('button', { name: 'Empezar' }).click();
  await expect(lucia).toHaveURL(`/users/diary?date=${today()}`);
  const training = lucia.getByRole('region', { name: 'Entrenamiento', exact: true });
  const rest = training.getByRole('group', { name: 'Descanso' });
  for (const number of [1, 2]) {
    const set = training.getByRole('form', { name: `Serie ${String(number)} de Sentadilla` });
    await expect(set.getByLabel('Reps')).toHaveValue('8');
    await expect(set.getByLabel('Peso (kg)')).toHaveValue('60');
    await training
      .getByRole('button', { name: `Confirmar serie ${String(number)} de Sentadilla` })
      .click();
    await expect(
      training.getByRole('list', { name: 'Series de Sentadilla' }).getByRole('listitem'),
    ).toHaveCount(number);
    // Each confirmed set starts the plan's rest of 90 s.
    await expect(rest.getByRole('timer')).toHaveText(/^1:[0-3]\d$/);
  }
  await rest.getByRole('button', { name: 'Saltar' }).click();
  await expect(rest).toHaveCount(0);
  const bench = training.getByRole('form', { name: 'Serie 1 de Press de banca' });
  await expect(bench.getByLabel('Reps')).toHaveValue('10');
  await expect(bench.getByLabel('Peso (kg)')).toHaveValue('');
  await bench.getByLabel('Peso (kg)').fill('40');
  await training.getByRole('button', { name: 'Confirmar serie 1 de Press de banca' }).click();
  await expect(
    training.getByRole('list', { name: 'Series de Press de banca' }).getByText('10 × 40 kg'),
  ).toBeVisible();
  await expect(rest.getByRole('timer')).toBeVisible();
  await expectAccessibleOnceQuiet(lucia);
  await picture(lucia, 'sesion');

  // The trainer's comment is in her diary too.
  const inDiary = lucia.getByRole('region', { name: 'Comentarios sobre el día' });
  await expect(inDiary.getByText('Buen día: sigue así')).toBeVisible();
  await expect(inDiary.getByText('Marta Ibáñez')).toBeVisible();

  // 8. The trainer sees the session she logged in the file.
  await nav.getByRole('link', { name: 'Clientes', exact: true }).click();
  await coach.getByRole('link', { name: 'Lucía Ibáñez' }).click();
  await file.getByRole('link', { name: 'Entrenamiento' }).click();
  const logged = coach.getByRole('region', { name: 'Fuerza' });
  await expect(logged.getByText('8 × 60 kg')).toHaveCount(2);
  await expect(logged.getByText('10 × 40 kg')).toBeVisible();
  await expectAccessibleOnceQuiet(coach);
  await picture(coach, 'entrenamiento');

  await hers.close();
});
