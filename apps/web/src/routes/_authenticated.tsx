import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireToken } from './-require-token';

/** Everything behind login and an active or pending subscription (the trial counts). */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    requireToken(location);
    const { guardApp } = await import('./-guards');
    return guardApp(queryClient, location);
  },
  component: Outlet,
});
