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
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

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

  it('home asks for the whole screen in one read before the guard knows the person', async () => {
    logIn();
    const { calls } = api();
    await visitedOnce('/users/home', () => screen.findByRole('heading', homeHeading));

    const held = holdCalls('/users/?limit=1');
    const from = calls.length;
    renderApp('/users/home');
    await waitFor(() => {
      expect(calls.slice(from).map((call) => call.path)).toContain('/screens/home/');
    });
    // The person is not read yet: the guard's read is still on its way.
    expect(calls.slice(from).filter((call) => call.path === '/users/')).toEqual([]);
    held.release();
    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
    // One read for the screen: none of its parts is asked on its own.
    const visit = calls.slice(from).map((call) => call.path);
    expect(visit.filter((path) => path === '/screens/home/')).toHaveLength(1);
    for (const part of [
      '/today/',
      `/users/${anUser.id}/onboarding/`,
      '/targets/',
      '/targets/proposals/',
      '/comments/unread/',
      '/check-ins/current/',
      '/training/plan/',
    ]) {
      expect(visit, part).not.toContain(part);
    }
  });

  it('the diary asks for the preferences and the whole day in one read before the guard knows the person', async () => {
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
        expect.arrayContaining([`/users/${anUser.id}/preferences/`, `/screens/diary/${DAY}/`]),
      );
    });
    expect(calls.slice(from).filter((call) => call.path === '/users/')).toEqual([]);
    held.release();
    expect(await screen.findByRole('region', { name: 'Desayuno' })).toBeVisible();
    // Read once on the visit, and none of its parts on its own: the comments neither, which
    // are never cached.
    const visit = calls.slice(from).map((call) => call.path);
    expect(visit.filter((path) => path === `/screens/diary/${DAY}/`)).toHaveLength(1);
    for (const part of [
      `/diary/days/${DAY}/`,
      `/diary/days/${DAY}/comments/`,
      '/training/plan/',
      `/diary/days/${DAY_BEFORE}/`,
    ]) {
      expect(visit, part).not.toContain(part);
    }
  });
});
