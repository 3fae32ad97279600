import { expect, test } from '@playwright/test';
import { linkedPair } from './support/api';
import { expectAccessibleOnceQuiet, picture, storeSession } from './support/browser';

// Trainers and their clients mostly use Forja on their phones.
test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(90_000);

/** A full-page picture of the screen at 390 × 844, kept with the run's results. */
test('a trainer reads a client’s day and comments; the client sees it on home and in the diary and replies', async ({
  browser,
  request,
}) => {
  const { trainer, trainee, traineeId } = await linkedPair(request);
  const traineeHeaders = { Authorization: `Token ${trainee.access_token}` };
  const today = (
    (await (await request.get('/v0/today/', { headers: traineeHeaders })).json()) as {
      data: { date: string };
    }
  ).data.date;
  const logged = await request.post('/v0/diary/entries/', {
    headers: traineeHeaders,
    data: { kind: 'quick', date: today, meal: 'desayuno', name: 'Tostadas', kcal: 420 },
  });
  expect(logged.ok()).toBe(true);
  // And a session with a set of squats.
  const exercises = (
    (await (await request.get('/v0/exercises/', { headers: traineeHeaders })).json()) as {
      data: { id: string; name: string }[];
    }
  ).data;
  const squat = exercises.find((exercise) => exercise.name === 'Sentadilla');
  const session = (
    (await (
      await request.post('/v0/diary/workouts/', {
        headers: traineeHeaders,
        data: { date: today, name: 'Pierna' },
      })
    ).json()) as { data: { id: string } }
  ).data;
  const withSquat = (
    (await (
      await request.post(`/v0/diary/workouts/${session.id}/exercises/`, {
        headers: traineeHeaders,
        data: { exercise_id: squat?.id },
      })
    ).json()) as { data: { exercises: { id: string }[] } }
  ).data;
  const set = await request.post(
    `/v0/diary/workout-exercises/${withSquat.exercises[0]?.id ?? ''}/sets/`,
    { headers: traineeHeaders, data: { reps: 8, weight_kg: 60 } },
  );
  expect(set.ok()).toBe(true);

  // The trainer opens Lucía's file from Clientes.
  const coach = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await coach.newPage();
  await storeSession(page, trainer);
  await page.goto('/trainers/clients');
  await page.getByRole('link', { name: 'Lucía Pérez' }).click();
  await expect(page).toHaveURL(`/trainers/clients/${traineeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lucía Pérez' })).toBeVisible();
  await expect(page.getByText('Comparte contigo: diario, entrenamiento y cuerpo')).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Ficha de Lucía Pérez' });
  await expect(tabs.getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
  await expectAccessibleOnceQuiet(page);
  await picture(page, 'ficha-resumen');

  // Her day: the breakfast she logged, against her targets; a comment on it.
  await tabs.getByRole('link', { name: 'Diario' }).click();
  const breakfast = page.getByRole('region', { name: 'Desayuno' });
  await expect(breakfast.getByText('Tostadas')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totales del día' })).toContainText('de 2125 kcal');
  await expectAccessibleOnceQuiet(page);
  await breakfast.getByRole('button', { name: 'Comentar el desayuno' }).click();
  await breakfast
    .getByRole('textbox', { name: 'Tu comentario' })
    .fill('Añade proteína al desayuno');
  await breakfast.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Comentario enviado')).toBeVisible();
  await expect(breakfast.getByText('Añade proteína al desayuno')).toBeVisible();
  await expectAccessibleOnceQuiet(page);
  await picture(page, 'ficha-diario');

  await tabs.getByRole('link', { name: 'Entrenamiento' }).click();
  const pierna = page.getByRole('region', { name: 'Pierna' });
  await expect(pierna.getByText('8 × 60 kg')).toBeVisible();
  await pierna.getByRole('button', { name: 'Comentarios sobre la sesión Pierna' }).click();
  await expect(pierna.getByRole('button', { name: 'Comentar la sesión Pierna' })).toBeVisible();
  await expectAccessibleOnceQuiet(page);
  await picture(page, 'ficha-entrenamiento');

  // Lucía sees it on home, unread, and opens its day.
  const client = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const mine = await client.newPage();
  await storeSession(mine, trainee);
  await mine.goto('/users/home');
  const card = mine.getByRole('region', { name: 'Comentarios de tu entrenador' });
  await expect(card.getByText('1 sin leer')).toBeVisible();
  await expect(card.getByText('Añade proteína al desayuno')).toBeVisible();
  await expectAccessibleOnceQuiet(mine);
  await picture(mine, 'inicio-comentarios');
  await card.getByRole('link', { name: /Añade proteína al desayuno/ }).click();
  await expect(mine).toHaveURL(`/users/diary?date=${today}`);

  // In her diary the comment sits on the breakfast; she replies there.
  const meal = mine.getByRole('region', { name: 'Desayuno' });
  const thread = meal.getByRole('region', { name: 'Comentarios sobre el desayuno' });
  await expect(thread.getByText('Añade proteína al desayuno')).toBeVisible();
  await expect(thread.getByText('Marta Ruiz')).toBeVisible();
  await thread.getByRole('button', { name: 'Responder sobre el desayuno' }).click();
  await thread.getByRole('textbox', { name: 'Tu respuesta' }).fill('Vale, mañana pongo huevos');
  await thread.getByRole('button', { name: 'Enviar' }).click();
  await expect(mine.getByText('Respuesta enviada')).toBeVisible();
  await expect(thread.getByText('Vale, mañana pongo huevos')).toBeVisible();
  await expectAccessibleOnceQuiet(mine);
  await picture(mine, 'diario-respuesta');

  // Read now: home counts nothing unread.
  await mine.goto('/users/home');
  await expect(card.getByText('Añade proteína al desayuno')).toBeVisible();
  await expect(card.getByText(/sin leer/)).toHaveCount(0);

  // The trainer sees her reply under the comment.
  await tabs.getByRole('link', { name: 'Diario' }).click();
  await expect(breakfast.getByText('Vale, mañana pongo huevos')).toBeVisible();
  await expect(breakfast.getByText('Lucía Pérez')).toBeVisible();

  await client.close();
  await coach.close();
});

test('a client who shares only their body: the file says so and asks for nothing of the rest', async ({
  browser,
  request,
}) => {
  const { trainer, traineeId } = await linkedPair(request, {
    diary: false,
    training: false,
    body: true,
    check_ins: false,
  });
  const coach = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await coach.newPage();
  await storeSession(page, trainer);
  const asked: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    // The Diario tab's one read (decision 115) is checked by its answer, below.
    if (pathname.startsWith('/v0/screens/')) return;
    if (/\/(diary|workouts|comments)\//.test(pathname)) asked.push(sent.url());
  });
  const tabRead = page.waitForResponse((answer) =>
    new URL(answer.url()).pathname.startsWith(`/v0/screens/trainer-clients/${traineeId}/diary/`),
  );
  await page.goto(`/trainers/clients/${traineeId}/diary`);
  // It answers the file alone: nothing of the diary was read.
  const { data: tab } = (await (await tabRead).json()) as {
    data: { day: unknown; comments: unknown };
  };
  expect(tab).toMatchObject({ day: null, comments: null });
  await expect(
    page.getByRole('heading', { name: 'Lucía no comparte su diario contigo' }),
  ).toBeVisible();
  await expect(page.getByText('Comparte contigo: cuerpo')).toBeVisible();
  await expectAccessibleOnceQuiet(page);
  await picture(page, 'ficha-no-compartido');
  await page
    .getByRole('navigation', { name: 'Ficha de Lucía Pérez' })
    .getByRole('link', { name: 'Entrenamiento' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Lucía no comparte su entrenamiento contigo' }),
  ).toBeVisible();
  expect(asked).toEqual([]);
  await coach.close();
});
