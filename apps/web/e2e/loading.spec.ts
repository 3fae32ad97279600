import { expect, test } from '@playwright/test';
import { onboardedAccount } from './support/api';
import { storeSession } from './support/browser';

test('home asks for each of its data once, and for its code, from the page itself before the app’s code arrives', async ({
  page,
  request,
}) => {
  const account = await onboardedAccount(request, 'early');
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
  // The app's code is held back a second: whatever the API is asked meanwhile, the page's
  // own inline script asked, under the Content-Security-Policy the server sends.
  let appCodeSent = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    appCodeSent = true;
    await route.continue();
  });
  const reads: { path: string; beforeTheAppCode: boolean }[] = [];
  const scripts: { path: string; beforeTheAppCode: boolean }[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    const seen = { path: pathname, beforeTheAppCode: !appCodeSent };
    if (pathname.startsWith('/v0/')) reads.push(seen);
    if (/^\/assets\/.+\.js$/.test(pathname) && !/\/index-/.test(pathname)) scripts.push(seen);
  });

  await page.goto('/users/home');

  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  await expect(page.getByTestId('energy-left')).toBeVisible();
  expect(refused).toEqual([]);
  const id = encodeURIComponent(person?.id ?? '');
  expect(reads.map((read) => read.path).sort()).toEqual(
    [
      '/v0/users/',
      '/v0/subscriptions/',
      '/v0/today/',
      '/v0/targets/',
      `/v0/users/${id}/preferences/`,
      `/v0/users/${id}/onboarding/`,
    ].sort(),
  );
  expect(reads.filter((read) => !read.beforeTheAppCode)).toEqual([]);
  // The screen's own code was asked for by the page too: the app found it all loaded.
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((script) => !script.beforeTheAppCode)).toEqual([]);
});
