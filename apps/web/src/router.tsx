import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ROUTER_DEFAULTS } from '@forja/shared/constants';
import { LoadingScreen } from './components/ui/loading-screen';
import { RouteErrorView } from './components/ui/route-error-view';
import { setForcedNavigationHandler } from './lib/forced-navigation';
import { followSessionAcrossTabs } from './lib/session';
import { routeTree } from './route-tree.gen';

interface AppRouterOptions {
  queryClient: QueryClient;
  /** Defaults to the browser's history; tests pass a memory history. */
  history?: RouterHistory;
}

/*
 * Every search parameter of the app is plain text: a verification code such as 012345 must
 * keep its leading zero, which the router's default JSON reading would drop.
 */
function parseSearch(search: string): Record<string, unknown> {
  return Object.fromEntries(new URLSearchParams(search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The router's own message for a "not found" that no route's screen handles; unknown paths
 * reach the root route, which shows the not-found screen (routes/__root.tsx).
 */
function RouterNotFoundMessage() {
  return <p className="px-6 py-12 text-center">Not Found</p>;
}

export function createAppRouter({ queryClient, history }: AppRouterOptions) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultPreloadDelay: ROUTER_DEFAULTS.preloadDelayMs,
    defaultPendingMs: ROUTER_DEFAULTS.pendingMs,
    defaultPendingMinMs: ROUTER_DEFAULTS.pendingMinMs,
    defaultPreloadStaleTime: ROUTER_DEFAULTS.preloadStaleTimeMs,
    // Routes never become stale (spec §9); the query cache decides when data is refetched.
    defaultStaleTime: Infinity,
    defaultGcTime: ROUTER_DEFAULTS.gcTimeMs,
    scrollRestoration: true,
    defaultPendingComponent: LoadingScreen,
    defaultNotFoundComponent: RouterNotFoundMessage,
    defaultErrorComponent: RouteErrorView,
  });
  return router;
}

/** Lets the HTTP client end a session or ask for a subscription through the router. */
export function routeForcedNavigations(router: AppRouter): void {
  setForcedNavigationHandler((destination) => {
    const here = router.state.location;
    if (destination === '/auth/login') {
      if (here.pathname === '/auth/login') return;
      void router.navigate({ to: '/auth/login', search: { from: here.href }, replace: true });
      return;
    }
    if (here.pathname !== destination) void router.navigate({ to: destination });
  });
}

/**
 * A login or logout in another tab reaches this one at once: the route guards run again, so
 * a signed-in screen whose session ended goes to the login page (and forgets the data it
 * held) without waiting for its next request.
 */
export function followOtherTabs(router: AppRouter, queryClient: QueryClient): () => void {
  return followSessionAcrossTabs((signedIn) => {
    void router.invalidate().then(() => {
      if (!signedIn) queryClient.clear();
    });
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
