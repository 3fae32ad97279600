import { createFileRoute, redirect } from '@tanstack/react-router';
import { LandingPage } from '#features/landing/landing-page';
import { isAuthenticated } from '#lib/session';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    if (isAuthenticated()) throw redirect({ to: '/users/home', replace: true });
  },
  component: LandingPage,
});
