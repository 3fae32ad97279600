import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { STORAGE_KEYS } from '@forja/shared/constants';
import { Notifications } from '#components/ui/notifications';
import { createQueryClient } from '#lib/query-client';
import { createAppRouter, routeForcedNavigations } from '#router';

/** The whole app at `path`, as main.tsx mounts it, with an in-memory history. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  routeForcedNavigations(router);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export function logIn(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem(STORAGE_KEYS.accessToken, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
}

/** Where the app is, path and search, as the address bar would show it. */
export function currentAddress(router: ReturnType<typeof renderApp>['router']): string {
  return router.state.location.href;
}
