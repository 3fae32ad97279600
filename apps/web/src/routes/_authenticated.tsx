import { createFileRoute, Outlet } from '@tanstack/react-router';
import { keepFoodsLater } from '#lib/offline/keep-foods-later';
import { guardApp } from './-guards';
import { requireToken } from './-require-token';

/**
 * Everything behind login and an active or pending subscription (the trial counts). The
 * token check runs first and needs no code; the guard's reads are this route's loader, so
 * they start in parallel with the screen's own.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ location, context: { queryClient } }) => {
    requireToken(location);
    // What the device kept (decision 077) goes back in the cache before the screens read,
    // and the writes left waiting are sent; its code loads only behind the login.
    await import('#lib/offline/offline')
      .then((offline) => offline.startOffline(queryClient))
      .catch(() => undefined);
  },
  loader: async ({ context: { queryClient }, location }) => {
    const allowed = await guardApp(queryClient, location);
    // The food table and the person's foods, kept for searching without signal (decision
    // 081): once per page, in idle time well after the first screen.
    keepFoodsLater(queryClient);
    return allowed;
  },
  component: Outlet,
});
