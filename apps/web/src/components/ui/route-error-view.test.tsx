import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('#lib/page-reload', () => ({ reloadPage }));

/** Fresh modules stand for a new page load: what a reload gives the browser. */
async function loadPage() {
  vi.resetModules();
  const [{ RouteErrorView }, { listenForPreloadErrors }] = await Promise.all([
    import('./route-error-view'),
    import('#lib/chunk-reload'),
  ]);
  return { RouteErrorView, listenForPreloadErrors };
}

describe('the default route error view', () => {
  beforeEach(() => {
    reloadPage.mockClear();
  });

  it('says something went wrong and shows or hides the error on demand', async () => {
    const { RouteErrorView } = await loadPage();
    const user = userEvent.setup();
    render(<RouteErrorView error={new Error('La base de datos no responde')} reset={vi.fn()} />);

    expect(screen.getByText('Something went wrong!')).toBeVisible();
    const details = screen.getByText('La base de datos no responde');
    expect(details).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(details).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(details).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

/** The vitest jsdom environment exposes its JSDOM instance under this global. */
declare const jsdom: {
  virtualConsole: {
    on(event: 'jsdomError', listener: (error: Error) => void): void;
    off(event: 'jsdomError', listener: (error: Error) => void): void;
  };
};

describe('a screen whose code fails to load', () => {
  let browserReloads = 0;

  beforeEach(() => {
    reloadPage.mockClear();
    browserReloads = 0;
    // The router's own guard calls location.reload(), which jsdom reports as navigation it
    // cannot do; counting those catches a second reload from that side.
    const onJsdomError = (error: Error) => {
      if (error.message.includes('Not implemented: navigation')) browserReloads += 1;
    };
    jsdom.virtualConsole.on('jsdomError', onJsdomError);
    // React and the router log the failed load; that noise is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    return () => {
      jsdom.virtualConsole.off('jsdomError', onJsdomError);
      consoleError.mockRestore();
    };
  });

  function reloadCount() {
    return reloadPage.mock.calls.length + browserReloads;
  }

  const failure = new TypeError(
    'Failed to fetch dynamically imported module: http://localhost/assets/home-abc123.js',
  );

  /** A router whose only screen fails to load its chunk, as after a deploy. */
  function renderBrokenScreen(
    RouteErrorView: Awaited<ReturnType<typeof loadPage>>['RouteErrorView'],
  ) {
    const rootRoute = createRootRoute({ component: Outlet });
    const homeRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/',
      component: lazyRouteComponent(() => Promise.reject(failure)),
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([homeRoute]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: RouteErrorView,
    });
    render(<RouterProvider router={router} />);
  }

  it('reloads the page once, then shows the error view if it fails again', async () => {
    const firstPage = await loadPage();
    firstPage.listenForPreloadErrors(window);
    // Vite reports the failed import before the router sees it.
    const event = new Event('vite:preloadError', { cancelable: true }) as VitePreloadErrorEvent;
    event.payload = failure;
    window.dispatchEvent(event);
    renderBrokenScreen(firstPage.RouteErrorView);

    expect(await screen.findByText('Cargando...')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument();
    expect(reloadCount()).toBe(1);

    cleanup();
    const secondPage = await loadPage();
    renderBrokenScreen(secondPage.RouteErrorView);

    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(reloadCount()).toBe(1);
  });

  it('reloads from the error view when the failure reaches the router first', async () => {
    const { RouteErrorView } = await loadPage();
    render(<RouteErrorView error={failure} reset={vi.fn()} />);

    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(reloadCount()).toBe(1);
  });
});
