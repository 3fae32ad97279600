import { expect, test } from '@playwright/test';
import { latestCode, PASSWORD, subscribe, uniqueEmail } from './support/api';
import {
  expectAccessibleOnceQuiet,
  logInThroughForm,
  readSession,
  registerThroughForm,
  verifyThroughForm,
} from './support/browser';

// Trainers and their clients mostly use Forja on their phones.
test.use({ viewport: { width: 390, height: 844 } });

test.setTimeout(90_000);

test('a trainer registers and invites; a new person registers through the link and shares some areas', async ({
  page,
  browser,
  request,
}) => {
  // The trainer signs up from the landing page.
  const trainerEmail = uniqueEmail('trainer');
  await page.goto('/');
  await page.getByRole('link', { name: 'Crea tu cuenta de entrenador' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Crea tu cuenta de entrenador' }),
  ).toBeVisible();
  await expectAccessibleOnceQuiet(page);
  await registerThroughForm(page, { first: 'Marta', email: trainerEmail });
  await verifyThroughForm(page, await latestCode(request, trainerEmail));
  await logInThroughForm(page, trainerEmail, PASSWORD);

  // Their workspace, without a subscription: Hoy first, with nothing to do yet.
  await expect(page).toHaveURL('/trainers/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nada pendiente hoy' })).toBeVisible();
  await expectAccessibleOnceQuiet(page);

  const tabs = page.getByRole('navigation', { name: 'Entrenador' });
  await tabs.getByRole('link', { name: 'Invitar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitar clientes' })).toBeVisible();
  await expect(page.getByText('No tienes invitaciones abiertas.')).toBeVisible();
  await expectAccessibleOnceQuiet(page);

  await page.getByRole('button', { name: 'Crear invitación' }).click();
  const link = page.getByLabel('Enlace', { exact: true });
  await expect(link).toHaveValue(/\/invitations\/[\w-]{43}$/);
  const url = new URL(await link.inputValue());
  const open = page.getByRole('region', { name: 'Invitaciones abiertas' });
  await expect(open.getByText(/^Para una persona · Caduca el/)).toBeVisible();
  await expectAccessibleOnceQuiet(page);

  // Someone else, in another browser, opens the link.
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const invited = await guest.newPage();
  await invited.goto(url.pathname);
  await expect(
    invited.getByRole('heading', { level: 1, name: 'Marta Ibáñez te invita a entrenar con Forja' }),
  ).toBeVisible();
  await expect(invited.getByText('Tu peso y tus medidas corporales.')).toBeVisible();
  await expectAccessibleOnceQuiet(invited);

  const traineeEmail = uniqueEmail('invited');
  await invited.getByRole('link', { name: 'Crear cuenta' }).click();
  await expect(invited.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeVisible();
  await registerThroughForm(invited, { first: 'Lucía', email: traineeEmail });
  await verifyThroughForm(invited, await latestCode(request, traineeEmail));
  await logInThroughForm(invited, traineeEmail, PASSWORD);

  // Back on the invitation, now able to accept it.
  await expect(invited).toHaveURL(url.pathname);
  const diary = invited.getByRole('checkbox', { name: /Diario/ });
  await expect(diary).not.toBeChecked();
  await expectAccessibleOnceQuiet(invited);
  await diary.check();
  await invited.getByRole('checkbox', { name: /Cuerpo/ }).check();
  await invited.getByRole('button', { name: 'Aceptar' }).click();
  await expect(invited.getByText('Ya entrenas con Marta Ibáñez')).toBeVisible();

  // The trainee features need a subscription, as for anyone.
  await expect(invited).toHaveURL('/users/subscription/plans');
  const session = await readSession(invited);
  await subscribe(request, {
    access_token: session.accessToken ?? '',
    refresh_token: session.refreshToken ?? '',
  });

  await invited.goto('/users/settings');
  const card = invited.getByRole('region', { name: 'Tu entrenador' });
  await expect(card.getByText('Marta Ibáñez')).toBeVisible();
  await expect(card.getByRole('switch', { name: /Diario/ })).toBeChecked();
  await expect(card.getByRole('switch', { name: /Entrenamiento/ })).not.toBeChecked();
  await expect(card.getByRole('switch', { name: /Cuerpo/ })).toBeChecked();
  await expect(card.getByRole('switch', { name: /Revisiones/ })).not.toBeChecked();
  // The switch is drawn over its label, which is what a finger taps.
  await card.getByText('Revisiones', { exact: true }).click();
  await expect(invited.getByText('Guardado: tu entrenador ya lo ve así')).toBeVisible();
  await expectAccessibleOnceQuiet(invited);

  await invited.reload();
  await expect(card.getByRole('switch', { name: /Revisiones/ })).toBeChecked();
  await guest.close();

  // The link was for one person: it is no longer open.
  await page.reload();
  await expect(page.getByText('No tienes invitaciones abiertas.')).toBeVisible();

  // The trainer sees her among their clients, and in Hoy while her onboarding is unfinished.
  await tabs.getByRole('link', { name: 'Clientes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Lucía Ibáñez' })).toBeVisible();
  // She does not share her training: her sessions show as not shared.
  await expect(page.getByRole('img', { name: 'No compartido' }).first()).toBeVisible();
  await expectAccessibleOnceQuiet(page);

  await tabs.getByRole('link', { name: 'Hoy' }).click();
  const item = page.getByRole('article', { name: 'Lucía Ibáñez' });
  await expect(item).toBeVisible();
  await expectAccessibleOnceQuiet(page);
});
