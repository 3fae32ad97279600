import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiLogin, verifiedAccount } from './support/api';
import { expectAccessibleOnceQuiet, logInThroughForm, storeSession } from './support/browser';

// Trainers mostly use Forja on their phones.
test.use({ viewport: { width: 390, height: 844 } });

test.setTimeout(90_000);

/** What the person's authenticator app shows, `steps` periods of 30 s from now. */
function appCode(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

test('a trainer turns on two-factor sign-in in Ajustes and then signs in with the app’s code', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'dos-pasos', {
    first_name: 'Marta',
    last_name: 'Ruiz',
    role: 'trainer',
  });
  await storeSession(page, await apiLogin(request, account));
  await page.goto('/trainers/settings');

  const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(section.getByText('Te recomendamos activarla.')).toBeVisible();
  await section.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();

  // The QR code and the key to type by hand; the code the app shows turns it on.
  await expect(section.getByRole('img', { name: /Código QR/ }).locator('svg')).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessibleOnceQuiet(page);
  await section.screenshot({ path: test.info().outputPath('ajustes-dos-pasos.png') });
  await section.getByLabel('Código de la aplicación').fill(appCode(secret));
  await section.getByRole('button', { name: 'Confirmar y activar' }).click();

  const codes = section.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(section.getByText(/Está activada/)).toBeVisible();
  await expect(section.getByText(/Te quedan 10 códigos de recuperación/)).toBeVisible();

  // Signed out, the login asks for the code after the password.
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.goto('/auth/login');
  await logInThroughForm(page, account.email, account.password);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' }),
  ).toBeVisible();
  const code = page.getByLabel('Código de la aplicación');
  await expect(code).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'No tengo el móvil: usar un código de recuperación' }),
  ).toBeVisible();
  await expectAccessibleOnceQuiet(page);
  await page.screenshot({ path: test.info().outputPath('login-codigo.png') });

  // The code that turned it on is used: the app's next one is taken (±30 s).
  await code.fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/trainers/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
});
