import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aSubscription,
  anEmptyDay,
  anUser,
  holdCalls,
  homeHeading,
  installFakeApi,
  ok,
  readyForHome,
  somePreferences,
} from '../test/fake-api';
import { logIn, renderApp } from '../test/render-app';

const DAY = '2026-11-21';
const DAY_BEFORE = '2026-11-20';

function api() {
  return installFakeApi({
    ...readyForHome,
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    [`GET /diary/days/${DAY}/`]: ok(anEmptyDay(DAY)),
    [`GET /diary/days/${DAY}/comments/`]: ok([]),
    'GET /training/plan/': ok(null),
    [`GET /diary/days/${DAY_BEFORE}/`]: ok(anEmptyDay(DAY_BEFORE)),
  });
}

/** Opens `path` once, so that the device keeps its reads, and leaves it as a reload would. */
async function visitedOnce(path: string, shown: () => Promise<unknown>) {
  renderApp(path);
  await shown();
  // The kept reads are written shortly after the cache changes.
  await new Promise((resolve) => setTimeout(resolve, 400));
  cleanup();
}

describe("a returning person's screens read beside the guard", () => {
  // First: the device has kept nothing yet.
  it('a first visit reads nothing of the person before the guard does', async () => {
    logIn();
    const { calls } = api();
    const held = holdCalls('/users/?limit=1');
    renderApp('/users/home');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.map((call) => call.path)).not.toContain('/today/');
    held.release();
    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
  });

  it("home asks for today, the preferences, the onboarding, the targets, the trainer's comments, the check-in and today's session before the guard knows the person", async () => {
    logIn();
    const { calls } = api();
    await visitedOnce('/users/home', () => screen.findByRole('heading', homeHeading));

    const held = holdCalls('/users/?limit=1');
    const from = calls.length;
    renderApp('/users/home');
    await waitFor(() => {
      expect(calls.slice(from).map((call) => call.path)).toEqual(
        expect.arrayContaining([
          '/today/',
          `/users/${anUser.id}/preferences/`,
          `/users/${anUser.id}/onboarding/`,
          '/targets/',
          '/comments/unread/',
          '/check-ins/current/',
          '/training/plan/',
        ]),
      );
    });
    // The person is not read yet: the guard's read is still on its way.
    expect(calls.slice(from).filter((call) => call.path === '/users/')).toEqual([]);
    held.release();
    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
  });

  it('the diary asks for the preferences, the day, its comments, its session and the day before before the guard knows the person', async () => {
    logIn();
    const { calls } = api();
    await visitedOnce(`/users/diary?date=${DAY}`, () =>
      screen.findByRole('region', { name: 'Desayuno' }),
    );

    const held = holdCalls('/users/?limit=1');
    const from = calls.length;
    renderApp(`/users/diary?date=${DAY}`);
    await waitFor(() => {
      expect(calls.slice(from).map((call) => call.path)).toEqual(
        expect.arrayContaining([
          `/users/${anUser.id}/preferences/`,
          `/diary/days/${DAY}/`,
          `/diary/days/${DAY}/comments/`,
          '/training/plan/',
          `/diary/days/${DAY_BEFORE}/`,
        ]),
      );
    });
    expect(calls.slice(from).filter((call) => call.path === '/users/')).toEqual([]);
    // What the first paint waits for is asked first: a browser has six connections to share.
    const asked = calls.slice(from).map((call) => call.path);
    const lastAwaited = Math.max(
      asked.indexOf(`/diary/days/${DAY}/`),
      asked.indexOf(`/diary/days/${DAY_BEFORE}/`),
    );
    expect(lastAwaited).toBeLessThan(asked.indexOf(`/diary/days/${DAY}/comments/`));
    expect(lastAwaited).toBeLessThan(asked.indexOf('/training/plan/'));
    held.release();
    expect(await screen.findByRole('region', { name: 'Desayuno' })).toBeVisible();
    // Started early, each is read once on the visit: the comments too, which are never cached.
    const visit = calls.slice(from).map((call) => call.path);
    for (const path of [`/diary/days/${DAY}/comments/`, `/diary/days/${DAY_BEFORE}/`]) {
      expect(
        visit.filter((called) => called === path),
        path,
      ).toHaveLength(1);
    }
  });
});
