import { expect, test } from '@playwright/test';
import { apiLogin, onboardedAccount, PAID_CARD, uniqueEmail, verifiedAccount } from './support/api';
import { picture, registerThroughForm, storeSession } from './support/browser';

test.use({ viewport: { width: 390, height: 844 } });

test('a trial checkout ends on a screen that says the trial started and when the first charge is', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'trial');
  await storeSession(page, await apiLogin(request, account));

  await page.goto('/users/subscription/plans');
  await page.getByRole('button', { name: 'Empezar prueba gratuita' }).click();
  await page.getByLabel('Número de tarjeta').fill(PAID_CARD);
  await page.getByRole('button', { name: 'Empezar la prueba gratuita' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Tu prueba gratuita ha empezado' }),
  ).toBeVisible();
  await expect(
    page.getByText(/^El primer cargo será el \d{1,2} de [a-z]+ de \d{4}\.$/),
  ).toBeVisible();
  await expect(page.getByText('¡Pago completado!')).toHaveCount(0);
  await picture(page, 'trial-success');
});

test('right after registering, «Reenviar código» waits out the minute and says so', async ({
  page,
}) => {
  await page.goto('/users/registration');
  await registerThroughForm(page, { first: 'Nuria', email: uniqueEmail('resend') });
  await expect(page.getByRole('heading', { level: 1, name: 'Verifica tu correo' })).toBeVisible();

  await page.getByRole('button', { name: 'Reenviar código' }).click();
  const waiting = page.getByRole('button', { name: /^Reenviar código en 0:[0-5]\d$/ });
  await expect(waiting).toBeDisabled();
  await expect(
    page.getByText('Para proteger tu cuenta, solo enviamos un código por minuto.'),
  ).toBeVisible();
  await expect(page.getByText(/Te hemos enviado un código nuevo/)).toHaveCount(0);
  const box = await waiting.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await picture(page, 'resend-wait');
});

test('imperial heights in feet and inches, and time zones by their Spanish names', async ({
  page,
  request,
}) => {
  const account = await onboardedAccount(request, 'imperial-height');
  await storeSession(page, account.tokens);

  await page.goto('/users/settings');
  await expect(page.getByLabel('Métrico (kg, cm, ml)')).toBeChecked();
  await page.getByLabel('Imperial (lb, in, fl oz)').click();
  await expect(page.getByText('Unidades guardadas')).toBeVisible();
  const zone = page.getByRole('combobox', { name: 'Zona horaria' });
  await expect(zone.locator('option:checked')).toHaveText(/^Madrid \(península y Baleares\)/);
  await zone.selectOption('Atlantic/Canary');
  await expect(page.getByText('Zona horaria guardada')).toBeVisible();
  await picture(page, 'settings-time-zone');

  await page.goto('/users/onboarding/second-step?from=resume');
  await expect(page.getByLabel('Pies (ft)')).toHaveValue('5');
  await expect(page.getByLabel('Pulgadas (in)')).toHaveValue('11');
  const feet = await page.getByLabel('Pies (ft)').boundingBox();
  expect(feet?.height).toBeGreaterThanOrEqual(44);
  await picture(page, 'onboarding-height-imperial');
});
