import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardApp } from './-guards';
import { requireToken } from './-require-token';

/**
 * Everything behind login and an active or pending subscription (the trial counts). The
 * token check runs first and needs no code; the guard's reads are this route's loader, so
 * they start in parallel with the screen's own.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location }) => {
    requireToken(location);
  },
  loader: ({ context: { queryClient }, location }) => guardApp(queryClient, location),
  component: Outlet,
});
