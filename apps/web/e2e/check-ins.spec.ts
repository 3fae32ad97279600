import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { linkedPair } from './support/api';
import { expectAccessibleOnceQuiet, picture, storeSession } from './support/browser';

const phone = { viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Madrid' };
test.use(phone);
test.setTimeout(180_000);

/** A full-page picture of the screen at 390 × 844, kept with the run's results. */
async function scale(page: Page, question: RegExp, value: number) {
  await page
    .getByRole('group', { name: question })
    .getByText(String(value), { exact: true })
    .click();
}

test('the weekly check-in: the client sends it with a photo, the trainer answers it and adjusts her targets', async ({
  page: lucia,
  browser,
  request,
}) => {
  const { trainer, trainee, traineeId } = await linkedPair(request, {
    diary: true,
    training: true,
    body: true,
    check_ins: true,
  });

  // 1. Lucía finds her check-in on home and fills it in.
  await storeSession(lucia, trainee);
  await lucia.goto('/users/home');
  const card = lucia.getByRole('region', { name: 'Revisión semanal' });
  await card.getByRole('link', { name: 'Hacer la revisión' }).click();
  await expect(lucia).toHaveURL('/users/check-in');
  await expect(lucia.getByRole('heading', { level: 1, name: 'Revisión semanal' })).toBeVisible();
  await expect(lucia.getByRole('region', { name: 'Tus cifras de la semana' })).toContainText(
    'Adherencia a la energía',
  );
  await scale(lucia, /energía/, 7);
  await scale(lucia, /hambre/, 4);
  await scale(lucia, /dormido/, 8);
  await scale(lucia, /estrés/, 3);
  await scale(lucia, /seguido el plan/, 9);
  await lucia
    .getByLabel('¿Cómo fue la semana? (opcional)')
    .fill('Bien, aunque el jueves cené fuera');
  await lucia.getByRole('button', { name: 'Enviar revisión' }).click();
  await expect(lucia.getByText('Marca el consentimiento para enviar la revisión')).toBeVisible();
  await lucia.getByLabel(/Doy mi consentimiento explícito/).check();
  await lucia.getByRole('button', { name: 'Enviar revisión' }).click();
  await expect(lucia.getByText('Revisión enviada a tu entrenador')).toBeVisible();
  await expect(
    lucia.getByText('Enviada: puedes cambiarla hasta que tu entrenador responda'),
  ).toBeVisible();

  // A photo from the front, with the camera's position in it: kept, shrunk and cleaned.
  const photo = await sharp({
    create: { width: 1200, height: 1600, channels: 3, background: '#c0392b' },
  })
    .jpeg()
    .withMetadata({ exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } } })
    .toBuffer();
  await lucia
    .getByLabel('Añadir foto de frente')
    .setInputFiles({ name: 'frente.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(lucia.getByText('Foto guardada')).toBeVisible();
  await expect(lucia.getByRole('img', { name: 'Tu foto de frente' })).toBeVisible();
  await picture(lucia, 'check-in-sent');
  await expectAccessibleOnceQuiet(lucia);

  // 2. The trainer sees it in Hoy and in Revisiones.
  const hers = await browser.newContext(phone);
  const coach = await hers.newPage();
  await storeSession(coach, trainer);
  await coach.goto('/trainers/today');
  await expect(
    coach.getByText('Ha enviado su revisión semanal y espera tu respuesta'),
  ).toBeVisible();
  await coach
    .getByRole('navigation', { name: 'Entrenador' })
    .getByRole('link', { name: 'Revisiones' })
    .click();
  await expect(coach.getByRole('heading', { level: 1, name: 'Revisiones' })).toBeVisible();
  await picture(coach, 'reviews');
  await expectAccessibleOnceQuiet(coach);
  await coach.getByRole('link', { name: /Lucía Pérez/ }).click();
  await expect(
    coach.getByRole('heading', { level: 1, name: 'Revisión de Lucía Pérez' }),
  ).toBeVisible();
  const answers = coach.getByRole('region', { name: 'Respuestas' });
  await expect(answers).toContainText('Bien, aunque el jueves cené fuera');
  await expect(answers).toContainText('7 de 10');
  await expect(answers.getByRole('img', { name: 'Foto de frente' })).toBeVisible();

  // 3. She answers and, on the same screen, lowers the energy target.
  await coach.getByLabel('Tu respuesta').fill('¡Buena semana! Bajamos un poco la energía.');
  await coach.getByRole('button', { name: 'Responder' }).click();
  await expect(coach.getByText('Respuesta enviada')).toBeVisible();
  const targets = coach.getByRole('region', { name: 'Ajustar objetivos' });
  await targets.getByLabel('Energía (kcal al día)').fill('1900');
  await targets.getByRole('button', { name: 'Guardar objetivos' }).click();
  await expect(coach.getByText('Objetivos guardados')).toBeVisible();
  await expect(targets.getByText('Fijó 1900 kcal (fórmula: 2125 kcal)')).toBeVisible();
  await picture(coach, 'review-answered');
  await expectAccessibleOnceQuiet(coach);

  // Answered, it leaves the list of pending ones and Hoy.
  await coach.goto('/trainers/reviews');
  await expect(coach.getByText('No tienes revisiones por responder.')).toBeVisible();

  // Her file keeps it, with the form she answers; the trainer gives her one of her own.
  await coach.goto(`/trainers/clients/${traineeId}/check-ins`);
  await expect(
    coach.getByText('Responde el formulario por defecto de Forja. 7 preguntas.'),
  ).toBeVisible();
  await coach.getByRole('button', { name: 'Crear un formulario propio' }).click();
  await coach.getByRole('button', { name: 'Añadir pregunta' }).click();
  await coach.getByLabel('Pregunta 8').fill('¿Cuántas horas has dormido de media?');
  const kinds = coach.getByLabel('Tipo de respuesta');
  await kinds.nth(7).selectOption('number');
  await coach.getByLabel('Unidad').fill('h');
  await coach.getByLabel('Día de la revisión').selectOption('5');
  await coach.getByRole('button', { name: 'Guardar su formulario' }).click();
  await expect(coach.getByText('Formulario guardado')).toBeVisible();
  await expect(coach.getByText('Responde un formulario propio. 8 preguntas.')).toBeVisible();
  await picture(coach, 'trainee-check-ins');
  await expectAccessibleOnceQuiet(coach);
  await coach.goto('/trainers/reviews/forms');
  await expect(
    coach.getByRole('link', { name: /Lucía Pérez: Viernes · 8 preguntas/ }),
  ).toBeVisible();
  await coach.getByRole('button', { name: 'Editar', exact: true }).click();
  await picture(coach, 'forms');
  await expectAccessibleOnceQuiet(coach);

  // 4. Lucía reads the answer; her check-in can no longer change.
  await lucia.reload();
  const reply = lucia.getByRole('region', { name: 'Respuesta de tu entrenador' });
  await expect(reply).toContainText('¡Buena semana! Bajamos un poco la energía.');
  await expect(lucia.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
  await lucia.goto('/users/home');
  await expect(lucia.getByText('Tu entrenador ha fijado tu objetivo de energía.')).toBeVisible();
  await hers.close();
});
