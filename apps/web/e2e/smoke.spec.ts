import { expect, test } from '@playwright/test';

const landingHeading = { level: 1, name: 'Come y entrena con un plan hecho para ti' } as const;

test('the landing page presents the product and its two ways in', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  await page.goto('/');

  await expect(page).toHaveTitle('Forja');
  await expect(page.getByRole('heading', landingHeading)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
    'href',
    '/users/registration',
  );
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
    'href',
    '/auth/login',
  );
  // Catches, among others, scripts or styles refused by the server's content security policy.
  expect(problems).toEqual([]);
});

test('an unknown path shows the not-found screen, whose link goes home', async ({ page }) => {
  await page.goto('/no/existe');

  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Pagina no encontrada', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Lo sentimos, no pudimos encontrar la página que buscas.', { exact: true }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Regresar al inicio' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', landingHeading)).toBeVisible();
});

test('a deep link into the app is answered with the app', async ({ request }) => {
  const response = await request.get('/users/home');

  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(await response.text()).toContain('<div id="root">');
});
