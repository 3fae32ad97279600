import { expect, test } from '@playwright/test';
import {
  apiLogin,
  latestCode,
  onboardedAccount,
  PASSWORD,
  subscribedAccount,
  uniqueEmail,
} from './support/api';
import {
  logInThroughForm,
  readSession,
  registerThroughForm,
  storeSession,
  verifyThroughForm,
} from './support/browser';

test('login returns to the page the visitor first asked for', async ({ page, request }) => {
  const account = await subscribedAccount(request, 'from');

  await page.goto('/users/metrics?periodo=3m');

  await expect(page).toHaveURL('/auth/login?from=%2Fusers%2Fmetrics%3Fperiodo%3D3m');
  await logInThroughForm(page, account.email, account.password);

  await expect(page).toHaveURL('/users/metrics?periodo=3m');
  await expect(page.getByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible();
  const session = await readSession(page);
  expect(session.accessToken).toBeTruthy();
  expect(session.refreshToken).toBeTruthy();
});

test('wrong credentials are refused with a toast', async ({ page, request }) => {
  const account = await subscribedAccount(request, 'wrong');

  await page.goto('/auth/login');
  await logInThroughForm(page, account.email, 'otra contraseña distinta');

  await expect(page.getByText('Contraseña o correo electrónico incorrectos')).toBeVisible();
  await expect(page).toHaveURL('/auth/login');
});

test('logging out clears the session here and on the server', async ({ page, request }) => {
  const account = await subscribedAccount(request, 'logout');
  await storeSession(page, account.tokens);

  await page.goto('/users/settings');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();

  await expect(page).toHaveURL('/auth/login');
  expect(await readSession(page)).toEqual({ accessToken: null, refreshToken: null });
  const refused = await request.get('/v0/users/', {
    headers: { Authorization: `Token ${account.tokens.access_token}` },
  });
  expect(refused.status()).toBe(401);

  await page.goto('/users/home');
  await expect(page).toHaveURL('/auth/login?from=%2Fusers%2Fhome');
});

test('logging out in one tab takes the other tab to the login page at once', async ({
  context,
  request,
}) => {
  const account = await subscribedAccount(request, 'tabs');
  const first = await context.newPage();
  await storeSession(first, account.tokens);
  await first.goto('/users/metrics');
  await expect(first.getByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/users/settings');

  await second.getByRole('button', { name: 'Cerrar sesión' }).click();

  await expect(second).toHaveURL('/auth/login');
  // No click or request in the first tab: it follows on its own.
  await expect(first).toHaveURL('/auth/login?from=%2Fusers%2Fmetrics');
  await expect(first.getByRole('heading', { level: 1, name: 'Métricas' })).toHaveCount(0);
});

test('changing the password ends every session and keeps this tab signed in', async ({
  page,
  request,
}) => {
  const account = await subscribedAccount(request, 'cambio');
  const elsewhere = await apiLogin(request, { email: account.email, password: account.password });
  await storeSession(page, account.tokens);
  const newPassword = 'otra contraseña nueva y larga';

  await page.goto('/users/settings');
  await page.getByLabel('Contraseña actual').fill(account.password);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
  await page.getByLabel('Repite la nueva contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();

  await expect(
    page.getByText('Contraseña cambiada. Hemos cerrado tus otras sesiones'),
  ).toBeVisible();
  const session = await readSession(page);
  expect(session.accessToken).toBeTruthy();
  expect(session.accessToken).not.toBe(account.tokens.access_token);
  for (const tokens of [account.tokens, elsewhere]) {
    const refused = await request.get('/v0/users/', {
      headers: { Authorization: `Token ${tokens.access_token}` },
    });
    expect(refused.status()).toBe(401);
  }

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
  await expect(page).toHaveURL('/users/settings');
  expect(
    (
      await request.post('/v0/auth/login/', {
        data: { email: account.email, password: newPassword },
      })
    ).status(),
  ).toBe(200);
});

test('an expired access token is refreshed without the user noticing', async ({
  page,
  request,
}) => {
  const account = await onboardedAccount(request, 'refresh');
  await storeSession(page, {
    access_token: 'caducado-hace-rato',
    refresh_token: account.tokens.refresh_token,
  });

  await page.goto('/users/home');

  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  await expect(page).toHaveURL('/users/home');
  const session = await readSession(page);
  expect(session.accessToken).not.toBe('caducado-hace-rato');
  expect(session.refreshToken).not.toBe(account.tokens.refresh_token);
  const me = await request.get('/v0/users/', {
    headers: { Authorization: `Token ${session.accessToken ?? ''}` },
  });
  expect(me.status()).toBe(200);
});

test('a refresh token that no longer works ends the session at login', async ({
  page,
  request,
}) => {
  const account = await subscribedAccount(request, 'revoked');
  await storeSession(page, { access_token: 'caducado', refresh_token: 'revocado' });

  await page.goto('/users/diary');

  await expect(page).toHaveURL('/auth/login?from=%2Fusers%2Fdiary');
  await logInThroughForm(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
});

test('after verifying the e-mail, the login form already has the address', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('prefilled');
  await page.goto('/users/registration');
  await registerThroughForm(page, { first: 'Lucía', email });
  await verifyThroughForm(page, await latestCode(request, email));

  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
});

test('a signed-in visitor skips the login page and a paying one the failed payment page', async ({
  page,
  request,
}) => {
  const account = await onboardedAccount(request, 'skip-login');
  await storeSession(page, account.tokens);

  await page.goto('/auth/login?from=%2Fusers%2Fmetrics');
  await expect(page).toHaveURL('/users/metrics');

  await page.goto('/users/subscription/failure');
  await expect(page).toHaveURL('/users/home');
  await expect(page.getByText('No se completó el pago')).toHaveCount(0);
});
