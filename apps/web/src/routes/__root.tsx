import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Unknown paths end here: the not-found screen of spec §2. It loads when shown: in the first
  // file, which every page downloads before it can draw, it took the login page over its
  // budget (decision 007).
  notFoundComponent: lazyRouteComponent(
    () => import('#components/ui/not-found-screen'),
    'NotFoundScreen',
  ),
});
