import { expect, test } from '@playwright/test';
import { subscribedAccount } from './support/api';
import { readSession, storeSession } from './support/browser';

test('deleting the account asks for ELIMINAR and the password, then mails a notice', async ({
  page,
  request,
}) => {
  const account = await subscribedAccount(request, 'baja');
  await storeSession(page, account.tokens);
  await page.goto('/users/settings');

  const remove = page.getByRole('button', { name: 'Eliminar mi cuenta' });
  const word = page.getByLabel('Escribe ELIMINAR para confirmar');
  const password = page.getByLabel('Tu contraseña');
  await word.fill('eliminar');
  await password.fill('otra contraseña distinta');
  await remove.click();
  await expect(page.getByText('Escribe ELIMINAR, en mayúsculas, para confirmar')).toBeVisible();
  await expect(word).toHaveAttribute('aria-invalid', 'true');

  await word.fill('ELIMINAR');
  await remove.click();
  await expect(page.getByText('La contraseña no es correcta')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  // Still signed in, on the same page.
  expect((await readSession(page)).accessToken).toBeTruthy();
  await expect(page).toHaveURL('/users/settings');

  await password.fill(account.password);
  await remove.click();

  await expect(page).toHaveURL('/');
  expect(await readSession(page)).toEqual({ accessToken: null, refreshToken: null });
  const login = await request.post('/v0/auth/login/', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(401);
  await expect
    .poll(async () => {
      const listed = await request.get(`/dev/mail.json?to=${encodeURIComponent(account.email)}`);
      const body = (await listed.json()) as { data: { subject: string }[] };
      return body.data.map((message) => message.subject);
    })
    .toEqual(['Tu cuenta de Forja se ha eliminado']);
});
