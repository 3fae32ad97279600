import { expect, test } from '@playwright/test';
import { data, linkedPair } from './support/api';
import { expectAccessible, storeSession } from './support/browser';

// Trainers and their clients mostly use Forja on their phones.
test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(120_000);

const today = () => new Date().toISOString().slice(0, 10);

test('a comment reaches the other side through the bell, which opens its day', async ({
  page,
  request,
}, testInfo) => {
  const { trainer, trainee, traineeId } = await linkedPair(request);
  const date = today();
  await data(
    await request.post(`/v0/trainers/trainees/${traineeId}/comments/?date=${date}`, {
      headers: { Authorization: `Token ${trainer.access_token}` },
      data: { target: 'day', body: 'Muy buen día, sigue así' },
    }),
  );

  await storeSession(page, trainee);
  await page.goto('/users/home');
  const bell = page.getByRole('button', { name: 'Avisos, 1 sin leer' });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('region', { name: 'Avisos' });
  await expect(panel.getByText('Muy buen día, sigue así')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('bell.png') });
  await panel.getByRole('button', { name: /ha comentado tu día/ }).click();
  await expect(page).toHaveURL(new RegExp(`/users/diary\\?date=${date}$`));
  await expect(page.getByRole('button', { name: 'Avisos', exact: true })).toBeVisible();

  // The trainee's reply reaches the trainer's bell, which opens the trainee's file.
  await data(
    await request.post(`/v0/diary/days/${date}/comments/`, {
      headers: { Authorization: `Token ${trainee.access_token}` },
      data: { target: 'day', body: '¡Gracias!' },
    }),
  );
  await storeSession(page, trainer);
  await page.goto('/trainers/today');
  await page.getByRole('button', { name: 'Avisos, 1 sin leer' }).click();
  await page.screenshot({ path: testInfo.outputPath('trainer-bell.png') });
  await page
    .getByRole('region', { name: 'Avisos' })
    .getByRole('button', { name: /¡Gracias!/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/trainers/clients/${traineeId}/diary\\?date=${date}$`));
});

test('in settings, a tap asks for permission and subscribes this browser', async ({
  page,
  context,
  request,
}, testInfo) => {
  const { trainee } = await linkedPair(request);
  await context.grantPermissions(['notifications']);
  await storeSession(page, trainee);
  await page.goto('/users/settings');
  const section = page.getByRole('region', { name: 'Avisos' });
  // Nothing is asked before the tap: the service worker (the app's, decision 068) has no
  // push subscription yet.
  await expect(
    section.getByRole('button', { name: 'Recibir avisos en este dispositivo' }),
  ).toBeVisible();
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/sw.js');
      return (await registration?.pushManager.getSubscription()) ?? null;
    }),
  ).toBeNull();
  await expectAccessible(page);
  await section.screenshot({ path: testInfo.outputPath('settings-avisos.png') });

  await section.getByRole('button', { name: 'Recibir avisos en este dispositivo' }).click();
  // The permission is granted and the worker that shows pushes is installed.
  await expect
    .poll(() =>
      page.evaluate(() =>
        navigator.serviceWorker.getRegistration('/sw.js').then((r) => r?.active?.scriptURL ?? null),
      ),
    )
    .toMatch(/\/sw\.js$/);
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');

  // This Chromium may have no push service to reach: then subscribe() fails and the person is
  // told so; with one, the subscription is stored on the server.
  const outcome = page
    .getByText('Este dispositivo recibirá tus avisos')
    .or(page.getByText('El servicio de avisos de tu navegador no responde. Inténtalo más tarde'));
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  const settings = await data<{ push_devices: number }>(
    await request.get('/v0/notifications/settings/', {
      headers: { Authorization: `Token ${trainee.access_token}` },
    }),
  );
  const subscribed = await page.getByText('Este dispositivo recibirá tus avisos').isVisible();
  testInfo.annotations.push({
    type: 'push service',
    description: subscribed
      ? 'pushManager.subscribe() succeeded: the subscription was stored'
      : 'pushManager.subscribe() failed: this Chromium reaches no push service',
  });
  expect(settings.push_devices).toBe(subscribed ? 1 : 0);
});
