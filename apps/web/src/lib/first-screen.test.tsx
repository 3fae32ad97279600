import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterFirstScreen } from './first-screen';
import { useAfterFirstScreen } from './use-first-screen';

/** A router whose screen waits for `loaded` and shows whether the later work has started. */
function aScreenWaitingFor(loaded: Promise<void>) {
  const rootRoute = createRootRoute({ component: Outlet });
  const homeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader: () => loaded,
    component: function Home() {
      const started = useAfterFirstScreen();
      return <p>{started ? 'Lo demás, empezado' : 'Solo la pantalla'}</p>;
    },
  });
  return createRouter({
    routeTree: rootRoute.addChildren([homeRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
}

describe('what no screen needs starts once the first screen is drawn', () => {
  it('waits for the screen, however long its reads take, and then for an idle moment', async () => {
    let finishReads = () => {};
    const router = aScreenWaitingFor(
      new Promise((resolve) => {
        finishReads = resolve;
      }),
    );
    let started = false;
    void afterFirstScreen(router).then(() => {
      started = true;
    });
    render(<RouterProvider router={router} />);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started).toBe(false);

    finishReads();
    // The screen is drawn first, without the later work…
    expect(await screen.findByText('Solo la pantalla')).toBeVisible();
    // …which starts right after.
    expect(await screen.findByText('Lo demás, empezado')).toBeVisible();
    expect(started).toBe(true);
  });

  it('starts at once what asks after the first screen was drawn', async () => {
    const router = aScreenWaitingFor(Promise.resolve());
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Lo demás, empezado')).toBeVisible();

    let started = false;
    void afterFirstScreen(router).then(() => {
      started = true;
    });
    await waitFor(() => {
      expect(started).toBe(true);
    });
  });
});
