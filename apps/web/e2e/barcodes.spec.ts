import { expect, test, type Page } from '@playwright/test';
import { subscribedAccount } from './support/api';
import { storeSession } from './support/browser';

test.use({ viewport: { width: 390, height: 844 } });

function meal(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('a product typed by its barcode is logged at once; an unknown one opens the form with it', async ({
  page,
  request,
}, testInfo) => {
  const account = await subscribedAccount(request, 'barcodes');
  const auth = { Authorization: `Token ${account.tokens.access_token}` };
  // The person's own product, from its label: almonds, carbohydrate without fibre.
  const created = await request.post('/v0/foods/', {
    headers: auth,
    data: {
      name: 'Almendra natural',
      brand: 'Hacendado',
      barcode: '8480000123121',
      kcal: 609,
      protein_g: 21.2,
      available_carbohydrate_g: 7.4,
      fat_g: 53.4,
      fibre_g: 12.5,
      portions: [{ name: '1 puñado', grams: 30 }],
    },
  });
  expect(created.status()).toBe(201);

  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  const snack = meal(page, 'Merienda');
  await snack.getByRole('button', { name: 'Añadir a Merienda' }).click();
  await snack.getByRole('button', { name: 'Escanear código de barras' }).click();
  const entry = snack.getByRole('form', { name: 'Código de barras' });

  // A wrong check digit is refused before asking the server.
  await entry.getByRole('textbox', { name: 'Código de barras' }).fill('8480000123128');
  await entry.getByRole('button', { name: 'Buscar producto' }).click();
  await expect(entry.getByText(/la última, de control, correcta/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('barcode-entry.png') });

  await entry.getByRole('textbox', { name: 'Código de barras' }).fill('8480 0001 2312 1');
  await entry.getByRole('button', { name: 'Buscar producto' }).click();
  // One handful: 30 g of 609 kcal per 100 g.
  await expect(snack.getByLabel('Total de Merienda')).toHaveText('183 kcal');
  await expect(snack.getByText('Almendra natural').first()).toBeVisible();
  // The food sheet stays open for more foods until done.
  await snack.getByRole('button', { name: 'Listo' }).click();

  // An unknown product opens the own-food form with its barcode filled in.
  await snack.getByRole('button', { name: 'Añadir a Merienda' }).click();
  await snack.getByRole('button', { name: 'Escanear código de barras' }).click();
  await snack.getByRole('textbox', { name: 'Código de barras', exact: true }).fill('5449000000996');
  await snack.getByRole('button', { name: 'Buscar producto' }).click();
  const form = snack.getByRole('form', { name: 'Nuevo alimento' });
  await expect(form.getByLabel('Código de barras (opcional)')).toHaveValue('5449000000996');
  await expect(form.getByText(/No encontramos ningún producto con el código/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('barcode-prefilled-form.png') });
  await form.getByLabel('Nombre').fill('Refresco de cola');
  await form.getByLabel('Calorías (kcal)').fill('42');
  await form.getByLabel('Hidratos de carbono (sin fibra) (g)').fill('10,6');
  await form.getByRole('button', { name: 'Guardar alimento' }).click();
  await expect(snack.getByRole('form', { name: 'Cantidad de Refresco de cola' })).toBeVisible();
  const lookup = await request.get('/v0/foods/barcodes/5449000000996/', { headers: auth });
  expect(lookup.status()).toBe(200);
});
