import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { data, subscribedAccount } from './support/api';
import { storeSession } from './support/browser';

/** The modules of each digit on the left (L, odd parity) of an EAN-13. */
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
/** Which of the six left digits take G (even parity), by the first digit. */
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLG',
  'LGLGLL',
  'LGLGGL',
  'LGGLGL',
];
/** A text's characters (digits and module bits only here). */
const chars = (text: string) => Array.from({ length: text.length }, (_, at) => text.charAt(at));
const rCode = (digit: number) =>
  chars(L_CODES[digit] ?? '')
    .map((bit) => (bit === '1' ? '0' : '1'))
    .join('');

/** The 95 modules of an EAN-13, 1 for a bar. */
function ean13Modules(code: string): string {
  const digits = chars(code).map(Number);
  const [first = 0, ...rest] = digits;
  const left = rest
    .slice(0, 6)
    .map((digit, at) =>
      PARITY[first]?.[at] === 'G' ? chars(rCode(digit)).reverse().join('') : (L_CODES[digit] ?? ''),
    );
  const right = rest.slice(6).map(rCode);
  return `101${left.join('')}01010${right.join('')}101`;
}

/**
 * A video file for Chromium's fake camera: the barcode printed black on white, as a phone
 * held over a pack would see it (Y4M, 4:2:0, two identical frames).
 */
function barcodeVideo(code: string): string {
  const width = 640;
  const height = 480;
  const module = 4;
  const modules = ean13Modules(code);
  const start = Math.floor((width - modules.length * module) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 120; y < 360; y++) {
    for (let x = 0; x < modules.length * module; x++) {
      if (modules[Math.floor(x / module)] === '1') luma[y * width + start + x] = 0;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(
    `YUV4MPEG2 W${String(width)} H${String(height)} F10:1 Ip A1:1 C420jpeg\n`,
  );
  const path = join(tmpdir(), `forja-ean13-${code}.y4m`);
  writeFileSync(path, Buffer.concat([header, frame, frame]));
  return path;
}

/** The almonds of barcodes.spec.ts, a real Spanish label. */
const BARCODE = '8480000123121';

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${barcodeVideo(BARCODE)}`,
    ],
  },
});

function meal(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('a product scanned with the camera holding a declared allergy is flagged and asked about before it is logged', async ({
  page,
  request,
}, testInfo) => {
  const account = await subscribedAccount(request, 'allergies');
  const auth = { Authorization: `Token ${account.tokens.access_token}` };
  const [user] = await data<{ id: string }[]>(await request.get('/v0/users/', { headers: auth }));
  const eating = await request.put(`/v0/users/${user?.id ?? ''}/onboarding/eating/`, {
    headers: auth,
    data: {
      eating_pattern: 'omnivore',
      allergies: ['tree_nuts'],
      other_allergies: '',
      meals_per_day: 4,
    },
  });
  expect(eating.status()).toBe(200);
  const created = await request.post('/v0/foods/', {
    headers: auth,
    data: {
      name: 'Almendra natural',
      brand: 'Hacendado',
      barcode: BARCODE,
      kcal: 609,
      protein_g: 21.2,
      available_carbohydrate_g: 7.4,
      fat_g: 53.4,
      fibre_g: 12.5,
      portions: [{ name: '1 puñado', grams: 30 }],
      allergens: ['tree_nuts'],
    },
  });
  expect(created.status()).toBe(201);

  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  const snack = meal(page, 'Merienda');
  await snack.getByRole('button', { name: 'Añadir a Merienda' }).click();

  // The search flags the food with words, not colour alone.
  await snack.getByRole('searchbox', { name: 'Buscar alimento' }).fill('almendra natural');
  const results = snack.getByRole('list', { name: 'Resultados' });
  await expect(results.getByText('Contiene frutos de cáscara')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('allergy-results.png') });

  // The camera reads the barcode, then the same path as typed digits.
  await snack.getByRole('button', { name: 'Escanear código de barras' }).click();
  await snack.getByRole('button', { name: 'Escanear', exact: true }).click();
  const question = snack.getByRole('alertdialog');
  await expect(question).toHaveText(
    /Declaraste alergia a los frutos de cáscara\. ¿Añadir igualmente\?/,
    { timeout: 20_000 },
  );
  await page.screenshot({ path: testInfo.outputPath('allergy-question.png') });
  await question.getByRole('button', { name: 'Añadir igualmente' }).click();
  // One handful: 30 g of 609 kcal per 100 g.
  await expect(snack.getByLabel('Total de Merienda')).toHaveText('183 kcal');
});
