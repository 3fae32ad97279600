import { expect, test } from '@playwright/test';
import { data, onboardedAccount, trainerAccount } from './support/api';
import { expectAccessibleOnceQuiet, storeSession } from './support/browser';

// Trainers mostly use Forja on their phones.
test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(90_000);

test('a trainer reads a client’s body, sets her energy target and sees it in the history, and keeps a note', async ({
  page,
  request,
}) => {
  const trainer = await trainerAccount(request, 'trainer-file');
  const asTrainer = { Authorization: `Token ${trainer.access_token}` };
  const invitation = await data<{ code: string }>(
    await request.post('/v0/trainers/invitations/', { headers: asTrainer, data: {} }),
  );

  // An onboarded trainee (2125 kcal from the formula) accepts, sharing her diary and body.
  const trainee = await onboardedAccount(request, 'trainee-file');
  const asTrainee = { Authorization: `Token ${trainee.tokens.access_token}` };
  await data(
    await request.post(`/v0/trainers/invitations/${invitation.code}/acceptance/`, {
      headers: asTrainee,
      data: { consent: { diary: true, training: false, body: true, check_ins: false } },
    }),
  );
  const [me] = await data<{ id: string }[]>(
    await request.get('/v0/users/', { headers: asTrainee }),
  );
  const traineeId = me?.id ?? '';
  const today = new Date();
  for (const [daysAgo, weight_kg] of [
    [9, 81.2],
    [5, 80.6],
    [1, 80.1],
  ] as const) {
    const day = new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await data(
      await request.put(`/v0/metrics/weights/${day}/`, { headers: asTrainee, data: { weight_kg } }),
    );
  }

  await storeSession(page, trainer);
  const file = `/trainers/clients/${traineeId}`;

  // Cuerpo: her weighings with the trend, the same chart she sees.
  await page.goto(`${file}/body`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lucía Pérez' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cuerpo' })).toBeVisible();
  await expect(page.getByTestId('weight-chart')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Pesajes del periodo' }).getByRole('row'),
  ).toHaveCount(4);
  await expectAccessibleOnceQuiet(page);
  await page.screenshot({ path: test.info().outputPath('body.png'), fullPage: true });

  // Objetivos: the formula's 2125 kcal, then 1800 kcal set by the trainer.
  await page.goto(`${file}/targets`);
  const now = page.getByRole('table', { name: 'La fórmula y lo que tiene ahora' });
  await expect(now.getByRole('row', { name: /Energía/ })).toContainText('2125 kcal');
  await expect(page.getByText(/Aún no hay cambios/)).toBeVisible();
  await expectAccessibleOnceQuiet(page);
  await page.getByLabel('Energía (kcal al día)').fill('1800');
  await page.getByRole('button', { name: 'Guardar objetivos' }).click();
  await expect(page.getByText('Objetivos guardados')).toBeVisible();
  const history = page.getByRole('list', { name: /Cambios/ });
  await expect(history.getByText('Fijó 1800 kcal (fórmula: 2125 kcal)')).toBeVisible();
  await expect(history.getByText(/Marta Ruiz/)).toBeVisible();
  await expect(now.getByRole('row', { name: /Energía/ })).toContainText('1800 kcal');
  await expectAccessibleOnceQuiet(page);
  await page.screenshot({ path: test.info().outputPath('targets.png'), fullPage: true });

  // Read again from the server: the change stays, and the trainee is given it.
  await page.reload();
  await expect(history.getByText('Fijó 1800 kcal (fórmula: 2125 kcal)')).toBeVisible();
  const own = await data<{ energy_kcal: number }>(
    await request.get('/v0/targets/', { headers: asTrainee }),
  );
  expect(own.energy_kcal).toBe(1800);

  // Notas: written by the trainer, for the trainer.
  await page.goto(`${file}/notes`);
  await expect(page.getByText('Aún no has escrito ninguna nota.')).toBeVisible();
  await page
    .getByRole('form', { name: 'Nueva nota' })
    .getByLabel('Nota')
    .fill('Le cuesta desayunar: proponerle algo rápido.');
  await page.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(page.getByText('Le cuesta desayunar: proponerle algo rápido.')).toBeVisible();
  await expect(page.getByText('1 de 500')).toBeVisible();
  await expectAccessibleOnceQuiet(page);
  await page.screenshot({ path: test.info().outputPath('notes.png'), fullPage: true });
  await page.reload();
  await expect(page.getByText('Le cuesta desayunar: proponerle algo rápido.')).toBeVisible();

  // She stops sharing her body: Cuerpo says so and asks nothing of it.
  await data(
    await request.put(`/v0/users/${traineeId}/trainer/consent/`, {
      headers: asTrainee,
      data: { diary: true, training: false, body: false, check_ins: false },
    }),
  );
  const metricsCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/metrics/')) metricsCalls.push(sent.url());
  });
  await page.goto(`${file}/body`);
  await expect(page.getByText('Lucía no comparte contigo su cuerpo.')).toBeVisible();
  await expectAccessibleOnceQuiet(page);
  await page.screenshot({ path: test.info().outputPath('body-not-shared.png'), fullPage: true });
  expect(metricsCalls).toEqual([]);

  // The trainee cannot read the notes.
  const theirs = await request.get(`/v0/trainers/trainees/${traineeId}/notes/`, {
    headers: asTrainee,
  });
  expect(theirs.status()).toBe(404);
});
