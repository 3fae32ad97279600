import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { onboardedAccount } from './support/api';
import { storeSession } from './support/browser';

interface Seen {
  path: string;
  beforeTheAppCode: boolean;
}

/**
 * Signs a new trainee in, holds the app's code back a second and records what the page asks
 * for meanwhile: whatever the API is asked before the code arrives, the page's own inline
 * script asked, under the Content-Security-Policy the server sends.
 */
async function watchFirstLoad(page: Page, request: APIRequestContext, label: string) {
  const account = await onboardedAccount(request, label);
  const me = await request.get('/v0/users/', {
    headers: { Authorization: `Token ${account.tokens.access_token}` },
  });
  const [person] = ((await me.json()) as { data: { id: string }[] }).data;
  await storeSession(page, account.tokens);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      refused.push(message.text());
    }
  });
  let appCodeSent = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    appCodeSent = true;
    await route.continue();
  });
  const reads: Seen[] = [];
  const scripts: Seen[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    const seen = { path: pathname, beforeTheAppCode: !appCodeSent };
    if (pathname.startsWith('/v0/')) reads.push(seen);
    if (/^\/assets\/.+\.js$/.test(pathname) && !/\/index-/.test(pathname)) scripts.push(seen);
  });
  return { id: encodeURIComponent(person?.id ?? ''), refused, reads, scripts, page, request };
}

/**
 * Each read once, all of them and the screen's code asked for before the app's code came, and
 * every script file marked to be compiled while it downloads (decision 014).
 */
async function expectStartedByThePage(
  watched: Awaited<ReturnType<typeof watchFirstLoad>>,
  expectedReads: string[],
) {
  expect(watched.refused).toEqual([]);
  expect(watched.reads.map((read) => read.path).sort()).toEqual(expectedReads.sort());
  expect(watched.reads.filter((read) => !read.beforeTheAppCode)).toEqual([]);
  // The screen's own code was asked for by the page too: the app found it all loaded.
  expect(watched.scripts.length).toBeGreaterThan(3);
  expect(watched.scripts.filter((script) => !script.beforeTheAppCode)).toEqual([]);
  const loaded = await watched.page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  const files = loaded.filter((name) => /\/assets\/.+\.js$/.test(new URL(name).pathname));
  const firstLines = await Promise.all(
    files.map(async (file) => (await (await watched.request.get(file)).text()).split('\n', 1)[0]),
  );
  expect(firstLines.length).toBeGreaterThan(3);
  expect(new Set(firstLines)).toEqual(new Set(['//# allFunctionsCalledOnLoad']));
}

test('home asks for each of its data once, and for its code, from the page itself before the app’s code arrives', async ({
  page,
  request,
}) => {
  const watched = await watchFirstLoad(page, request, 'early');

  await page.goto('/users/home');

  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  await expect(page.getByTestId('energy-left')).toBeVisible();
  await expectStartedByThePage(watched, [
    '/v0/users/',
    '/v0/subscriptions/',
    '/v0/today/',
    '/v0/targets/',
    `/v0/users/${watched.id}/preferences/`,
    `/v0/users/${watched.id}/onboarding/`,
  ]);
});

test('the diary reads today’s day once, asked for as today by the page before the app’s code arrives', async ({
  page,
  request,
}) => {
  const watched = await watchFirstLoad(page, request, 'early-diary');

  await page.goto('/users/diary');

  await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Desayuno', exact: true })).toBeVisible();
  await expectStartedByThePage(watched, [
    '/v0/users/',
    '/v0/subscriptions/',
    '/v0/diary/days/today/',
    `/v0/users/${watched.id}/preferences/`,
  ]);
});

test('the diary opened on another day reads that day from the page', async ({ page, request }) => {
  const watched = await watchFirstLoad(page, request, 'early-day');

  await page.goto('/users/diary?date=2024-02-29');

  await expect(page.getByRole('region', { name: 'Desayuno', exact: true })).toBeVisible();
  await expectStartedByThePage(watched, [
    '/v0/users/',
    '/v0/subscriptions/',
    '/v0/diary/days/2024-02-29/',
    `/v0/users/${watched.id}/preferences/`,
  ]);
});
