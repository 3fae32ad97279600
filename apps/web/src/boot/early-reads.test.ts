import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@forja/shared/constants';
import { createAppRouter } from '../router';
import { GUARDED_SCREENS, preloadScreenCode, SCREEN_READS, startEarlyReads } from './early-reads';

interface Sent {
  url: string;
  authorization: string | null;
}

/** A fetch that records what is sent and answers GET /users/ with one person. */
function recordingFetch(users: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  const send = ((input: string, init?: RequestInit) => {
    sent.push({ url: input, authorization: new Headers(init?.headers).get('Authorization') });
    const answer = input.endsWith('/v0/users/')
      ? new Response(JSON.stringify(users.body), { status: users.status })
      : input.endsWith('/v0/diary/days/today/')
        ? new Response(JSON.stringify({ status: 200, data: { date: '2026-11-21' } }))
        : new Response(JSON.stringify({ status: 200, data: {} }), { status: 200 });
    return Promise.resolve(answer);
  }) as typeof fetch;
  return { sent, send };
}

const person = { status: 200, body: { status: 200, data: [{ id: 'c0ffee/1' }] } };
const storage = (token: string | null) => ({
  getItem: (key: string) => (key === STORAGE_KEYS.accessToken ? token : null),
});
const at = (address: string) => {
  const url = new URL(address, 'https://forja.example');
  return { pathname: url.pathname, search: url.search };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the reads index.html starts', () => {
  it('sends home its guard reads and its own, the personal ones once the id is known', async () => {
    const { sent, send } = recordingFetch(person);
    const early = startEarlyReads('', at('/users/home'), storage('tok-1'), send);
    expect(early?.token).toBe('tok-1');
    expect(sent.map((read) => read.url)).toEqual([
      '/v0/users/',
      '/v0/subscriptions/',
      '/v0/today/',
      '/v0/targets/',
    ]);
    await settle();
    expect(sent.map((read) => read.url).slice(4)).toEqual([
      '/v0/users/c0ffee%2F1/preferences/',
      '/v0/users/c0ffee%2F1/onboarding/',
    ]);
    expect(sent.every((read) => read.authorization === 'Token tok-1')).toBe(true);
    expect([...(early?.reads.keys() ?? [])]).toEqual([
      '/users/',
      '/subscriptions/',
      '/today/',
      '/targets/',
      '/users/c0ffee%2F1/preferences/',
      '/users/c0ffee%2F1/onboarding/',
    ]);
  });

  it('reads the diary’s day as today and files the answer under the day it names', async () => {
    const { sent, send } = recordingFetch(person);
    const early = startEarlyReads('', at('/users/diary'), storage('t'), send);
    expect(sent.map((read) => read.url)).toEqual([
      '/v0/users/',
      '/v0/subscriptions/',
      '/v0/diary/days/today/',
    ]);
    await settle();
    expect(sent.map((read) => read.url).slice(3)).toEqual(['/v0/users/c0ffee%2F1/preferences/']);
    expect([...(early?.reads.keys() ?? [])].sort()).toEqual(
      [
        '/users/',
        '/subscriptions/',
        '/diary/days/2026-11-21/',
        '/users/c0ffee%2F1/preferences/',
      ].sort(),
    );
    const day = (await early?.reads.get('/diary/days/2026-11-21/')) as Response;
    // The copy read to file it left the body whole for the app.
    expect(await day.json()).toEqual({ status: 200, data: { date: '2026-11-21' } });
  });

  it('reads the day in the diary’s address, and today when that is not a day', () => {
    const { sent, send } = recordingFetch(person);
    startEarlyReads('', at('/users/diary?date=2024-02-29'), storage('t'), send);
    startEarlyReads('', at('/users/diary?date=2023-02-29'), storage('t'), send);
    expect(sent.map((read) => read.url).filter((url) => url.includes('/diary/'))).toEqual([
      '/v0/diary/days/2024-02-29/',
      '/v0/diary/days/today/',
    ]);
  });

  it('leaves today’s day unfiled when its answer is a failure', async () => {
    const send = (() =>
      Promise.resolve(new Response('{"status":401}', { status: 401 }))) as typeof fetch;
    const early = startEarlyReads('', at('/users/diary'), storage('t'), send);
    await settle();
    expect([...(early?.reads.keys() ?? [])]).toEqual([
      '/users/',
      '/subscriptions/',
      '/diary/days/today/',
    ]);
  });

  it('sends only the guard reads for a guarded screen with none of its own, on the host given', () => {
    const { sent, send } = recordingFetch(person);
    startEarlyReads(
      'https://api.forja.example',
      at('/users/onboarding/third-step'),
      storage('t'),
      send,
    );
    expect(sent.map((read) => read.url)).toEqual([
      'https://api.forja.example/v0/users/',
      'https://api.forja.example/v0/subscriptions/',
    ]);
  });

  it('sends nothing without a token, or on a screen outside the guarded group', () => {
    const { sent, send } = recordingFetch(person);
    expect(startEarlyReads('', at('/users/home'), storage(null), send)).toBeNull();
    expect(startEarlyReads('', at('/auth/login'), storage('t'), send)).toBeNull();
    expect(startEarlyReads('', at('/users/subscription/plans'), storage('t'), send)).toBeNull();
    expect(startEarlyReads('', at('/users/homework'), storage('t'), send)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('leaves the personal reads to the app when GET /users/ is refused', async () => {
    const { sent, send } = recordingFetch({ status: 401, body: { status: 401, data: {} } });
    const early = startEarlyReads('', at('/users/home'), storage('expired'), send);
    await settle();
    expect(sent).toHaveLength(4);
    expect(early?.reads.has('/users/')).toBe(true);
  });

  it('names exactly the screens of the guarded route group, and reads only for those', () => {
    const router = createAppRouter({
      queryClient: new QueryClient(),
      history: createMemoryHistory(),
    });
    const routes = Object.values(router.routesById) as { id: string; fullPath: string }[];
    const guardedPaths = routes
      .filter((route) => route.id.startsWith('/_authenticated/') && !route.id.endsWith('/_shell'))
      .map((route) => route.fullPath.replace(/\/$/, ''));
    const covered = (path: string) =>
      GUARDED_SCREENS.some((screen) => path === screen || path.startsWith(`${screen}/`));
    expect(guardedPaths.length).toBeGreaterThan(5);
    expect(guardedPaths.filter((path) => !covered(path))).toEqual([]);
    expect(GUARDED_SCREENS.filter((screen) => !guardedPaths.includes(screen))).toEqual([]);
    expect(Object.keys(SCREEN_READS).filter((screen) => !guardedPaths.includes(screen))).toEqual(
      [],
    );
  });

  it('asks the browser for the script files the build listed for the screen, and no other', () => {
    const code = { '/users/home': ['/assets/home-1.js', '/assets/shell-2.js'] };
    preloadScreenCode('/users/home/', code, document);
    preloadScreenCode('/users/diary', code, document);
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/home-1.js',
      '/assets/shell-2.js',
    ]);
    expect(links.every((link) => link.getAttribute('crossorigin') === '')).toBe(true);
  });
});
