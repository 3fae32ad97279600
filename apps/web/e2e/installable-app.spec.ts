import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { onboardedAccount } from './support/api';
import { controlledByTheServiceWorker, storeSession } from './support/browser';

// Installed on phones first.
test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(120_000);

interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

test('the manifest, its icons and the page make Forja installable', async ({
  playwright,
  request,
  baseURL,
}, testInfo) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as WebManifest;
  expect(manifest).toMatchObject({
    name: 'Forja',
    short_name: 'Forja',
    lang: 'es',
    start_url: '/users/home',
    scope: '/',
    display: 'standalone',
    theme_color: '#ffffff',
    background_color: '#ffffff',
  });
  expect(manifest.description).toMatch(/entrenador personal/);
  const icons = await Promise.all(
    manifest.icons.map(async (icon) => {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      return { size: pngSize(await file.body()), sizes: icon.sizes, purpose: icon.purpose };
    }),
  );
  for (const icon of icons) expect(icon.size).toBe(icon.sizes);
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);

  // Chromium offers no install in a private window, which a test's browser context is: this
  // check runs in a browser profile on disk, as a person's would be.
  const profile = await mkdtemp(join(tmpdir(), 'forja-install-'));
  const browser = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute(
      'content',
      '#ffffff',
    );
    // The service worker comes after the page, and then the browser has nothing to object to.
    await controlledByTheServiceWorker(page);
    const devtools = await browser.newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('with the network off, a reload of the diary still opens the app; the API never comes from a cache', async ({
  page,
  context,
  request,
}, testInfo) => {
  const account = await onboardedAccount(request, 'offline');
  await storeSession(page, account.tokens);
  await page.goto('/users/diary');
  await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeVisible();
  await controlledByTheServiceWorker(page);

  // The server's own pages are never answered with the app shell.
  const outbox = await page.goto('/dev/mail');
  expect(outbox?.fromServiceWorker()).toBe(false);
  await expect(page.locator('#root')).toHaveCount(0);

  await page.goto('/users/diary');
  await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeVisible();
  await context.setOffline(true);
  // Offline, no API call gets an answer: none is kept to be answered from.
  const apiAnswers: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/v0/') && response.fromServiceWorker()) {
      apiAnswers.push(response.url());
    }
  });
  const scripts: boolean[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.fromServiceWorker());
  });
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  // The app starts from the precache, and the diary from the reads the device kept
  // (decision 077): the session stays.
  await expect(page.getByText('Sin conexión — se guardará al volver')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forja' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('offline-diary.png') });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every(Boolean)).toBe(true);
  expect(apiAnswers).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(
    account.tokens.access_token,
  );

  // Nothing the service worker keeps is an API answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((entry) => new URL(entry.url).pathname));
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(10);
  expect(cached.filter((path) => path.startsWith('/v0/'))).toEqual([]);
  await context.setOffline(false);
});

test('a new version waits for the person: «Actualizar» switches to it and reloads', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login');
  await controlledByTheServiceWorker(page);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A deploy, as the browser sees it: the registration's script changes (here its address,
  // which the server answers with the same file), so a new worker installs and waits.
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('ana@example.com');
  await page.evaluate(() =>
    navigator.serviceWorker.register('/sw.js?version=next', { scope: '/' }),
  );

  const notice = page.getByText('Hay una versión nueva de Forja');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('update-prompt.png') });
  // Nothing reloads on its own: what was typed is still there.
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(
    'ana@example.com',
  );
  const waiting = await page.evaluate(() =>
    navigator.serviceWorker
      .getRegistration('/sw.js')
      .then((registration) => Boolean(registration?.waiting)),
  );
  expect(waiting).toBe(true);

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  // The page is now run by the new version. (Whether a worker waits after the reload is not
  // asked: the app registers `/sw.js` again at start, which differs from this test's
  // `?version=next` address, so the browser may be installing that one already; a real
  // deploy keeps one address.)
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(controller).not.toBe(firstWorker);
  expect(controller).toMatch(/\/sw\.js\?version=next$/);
});

test('the precache holds the trainee’s screens and leaves out the trainer’s', async ({
  request,
}) => {
  const worker = await (await request.get('/sw.js')).text();
  const precached = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
  expect(precached).toContain('index.html');
  const html = await readFile(new URL('../dist/index.html', import.meta.url), 'utf8');
  for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    expect(precached).toContain(file);
  }
  expect(precached.some((url) => /^assets\/diary-/.test(url ?? ''))).toBe(true);
  expect(precached.some((url) => /^assets\/today-/.test(url ?? ''))).toBe(false);
  // Every file a kept file imports is kept too: a trainee's screen never waits offline for
  // a file of the trainer's workspace that the bundler merged into one of its own.
  const scripts = precached.filter((url) => url?.endsWith('.js'));
  for (const url of scripts) {
    const code = await readFile(new URL(`../dist/${url ?? ''}`, import.meta.url), 'utf8');
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      expect(precached, `${url ?? ''} imports ${imported ?? ''}`).toContain(
        `assets/${imported ?? ''}`,
      );
    }
  }
  expect(scripts.length).toBeGreaterThan(10);
});
