import { expect, test, type Page } from '@playwright/test';
import { linkedPair } from './support/api';
import { expectAccessibleOnceQuiet, picture, storeSession } from './support/browser';

// Trainers and their clients write to each other from their phones.
test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(90_000);

const conversation = (page: Page) => page.getByRole('list', { name: 'Mensajes' });

test('a trainer and a client exchange messages live, a photo included, and see them read', async ({
  browser,
  request,
}) => {
  const { trainer, trainee, traineeId } = await linkedPair(request);

  const coach = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const coachPage = await coach.newPage();
  await storeSession(coachPage, trainer);
  const client = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const clientPage = await client.newPage();
  await storeSession(clientPage, trainee);

  // Both open the conversation: the client from their navigation, the trainer from the file.
  await clientPage.goto('/users/home');
  await clientPage
    .getByRole('navigation', { name: 'Secciones' })
    .getByRole('link', { name: 'Mensajes' })
    .click();
  await expect(clientPage.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  await expect(clientPage.getByText('Aún no hay mensajes. Escribe el primero.')).toBeVisible();

  await coachPage.goto(`/trainers/clients/${traineeId}`);
  await coachPage
    .getByRole('navigation', { name: 'Ficha de Lucía Pérez' })
    .getByRole('link', { name: 'Mensajes' })
    .click();
  await expect(coachPage).toHaveURL(`/trainers/clients/${traineeId}/messages`);
  await expect(coachPage.getByText('Aún no hay mensajes. Escribe el primero.')).toBeVisible();

  // The trainer writes; the client's open screen shows it without reloading.
  await coachPage.getByRole('textbox', { name: 'Mensaje' }).fill('Hola Lucía, ¿qué tal la semana?');
  await coachPage.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(conversation(coachPage).getByText('Hola Lucía, ¿qué tal la semana?')).toBeVisible();
  await expect(conversation(clientPage).getByText('Hola Lucía, ¿qué tal la semana?')).toBeVisible();
  // Shown to her on an open screen, it is read: the trainer sees «Visto».
  await expect(conversation(coachPage).getByText('Visto')).toBeVisible();

  // She answers with text and a photo; both reach the trainer live.
  await clientPage.getByRole('textbox', { name: 'Mensaje' }).fill('Muy bien, mira mi desayuno');
  await clientPage.getByRole('textbox', { name: 'Mensaje' }).press('Enter');
  await expect(conversation(coachPage).getByText('Muy bien, mira mi desayuno')).toBeVisible();
  // A 64 × 48 orange PNG.
  const photo = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSDlsWgF9ccF2M8/sAAOhY/TpO6gQugvqK7EHdJ3cAFUF/RXYi7pG7gAqiv6C7EXVI3cAHUV3QX4i6pG7gA6iu6C3GX1A1cAPUV3YW4S+oGLoD6iu5C3CV1AxdAfUV3Ie6SuoELoL6iuxB3Sd3AxwN+d31JDwNqdCQAAAAASUVORK5CYII=',
    'base64',
  );
  const chooser = clientPage.waitForEvent('filechooser');
  await clientPage.getByRole('button', { name: 'Enviar una foto' }).click();
  await (await chooser).setFiles({ name: 'desayuno.png', mimeType: 'image/png', buffer: photo });
  await expect(conversation(clientPage).getByRole('img', { name: 'Foto' })).toBeVisible();
  const received = conversation(coachPage).getByRole('img', { name: 'Foto' });
  await expect(received).toBeVisible();
  // Its bytes came with the trainer's token and were decoded: 64 px wide, as sent.
  await expect
    .poll(() => received.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(64);
  await expect(conversation(clientPage).getByText('Visto')).toBeVisible();
  await expectAccessibleOnceQuiet(clientPage);
  await picture(clientPage, 'mensajes-cliente');
  await picture(coachPage, 'mensajes-entrenador');

  // A message while the trainer is elsewhere: the navigation counts it, live.
  await coachPage.goto('/trainers/clients');
  await clientPage.getByRole('textbox', { name: 'Mensaje' }).fill('¿Mañana entrenamos pierna?');
  await clientPage.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(coachPage.getByRole('link', { name: 'Mensajes (1 sin leer)' })).toBeVisible();
  // And so does the client's card in Clientes.
  await expect(coachPage.getByRole('link', { name: '1 mensaje sin leer' })).toBeVisible();
  await coachPage.getByRole('link', { name: 'Mensajes (1 sin leer)' }).click();
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  await expectAccessibleOnceQuiet(coachPage);
  await picture(coachPage, 'mensajes-bandeja');
  await coachPage.getByRole('link', { name: /Lucía Pérez/ }).click();
  await expect(conversation(coachPage).getByText('¿Mañana entrenamos pierna?')).toBeVisible();
  await expect(
    coachPage.getByRole('banner').getByRole('link', { name: 'Mensajes', exact: true }),
  ).toBeVisible();
  await expectAccessibleOnceQuiet(coachPage);

  await coach.close();
  await client.close();
});
