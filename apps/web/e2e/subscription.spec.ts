import { expect, test } from '@playwright/test';
import {
  apiLogin,
  DECLINED_CARD,
  latestCode,
  PAID_CARD,
  PASSWORD,
  uniqueEmail,
  verifiedAccount,
} from './support/api';
import { expectAccessible, logInThroughForm, readSession, storeSession } from './support/browser';

test('a new trainee registers, verifies the e-mail, logs in, pays and starts the onboarding', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('journey');
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // Failed requests are judged below, by address.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(message.text());
    }
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() >= 400) {
      problems.push(`${String(response.status())} ${pathname}`);
    }
  });

  await page.goto('/');
  await page.getByRole('link', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeVisible();
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Apellidos').fill('Pérez');
  await page.getByLabel('País').selectOption({ label: 'España' });
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repite la contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(
    page.getByText('Debes aceptar los términos y la política de privacidad'),
  ).toBeVisible();
  await page.getByLabel('He leído y acepto los términos y la política de privacidad').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Verifica tu correo' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_email'))).toBe(email);
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
  await page.getByLabel('Código de verificación').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Verificar correo' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible();
  await logInThroughForm(page, email, PASSWORD);

  // No subscription yet: the home screen sends to the plans.
  await expect(page.getByRole('heading', { level: 1, name: 'Elige tu plan' })).toBeVisible();
  await expect(page).toHaveURL('/users/subscription/plans');
  await expect(page.getByRole('article', { name: 'Premium' })).toContainText('al mes');
  await page.getByRole('button', { name: 'Suscribirme a Premium' }).click();

  await page.getByLabel('Número de tarjeta').fill(PAID_CARD);
  await page.getByRole('button', { name: /^Pagar/ }).click();

  await expect(page).toHaveURL('/users/subscription/success');
  await expect(page.getByRole('heading', { level: 1, name: '¡Pago completado!' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir al inicio' }).click();

  // Home needs targets, so a new trainee is led to the first onboarding step.
  await expect(page).toHaveURL('/users/onboarding/first-step');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu objetivo' })).toBeVisible();
  await expect(page.getByText('Paso 1 de 6')).toBeVisible();
  // Catches, among others, content refused by the security policy and failed requests.
  expect(problems).toEqual([]);
});

test('a declined card leads to the failure screen, which offers the plans again', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'declined');
  await storeSession(page, await apiLogin(request, account));

  await page.goto('/users/subscription/plans');
  await page.getByRole('button', { name: 'Empezar prueba gratuita' }).click();
  await page.getByLabel('Número de tarjeta').fill(DECLINED_CARD);
  await page.getByRole('button', { name: 'Empezar la prueba gratuita' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('link', { name: 'Continuar sin pagar' }).click();

  await expect(page).toHaveURL('/users/subscription/failure');
  await expect(
    page.getByRole('heading', { level: 1, name: 'No se completó el pago' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Volver a los planes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Elige tu plan' })).toBeVisible();

  // Still no access: the app keeps sending to the plans.
  await page.goto('/users/diary');
  await expect(page).toHaveURL('/users/subscription/plans');
  expect((await readSession(page)).accessToken).toBeTruthy();
});
