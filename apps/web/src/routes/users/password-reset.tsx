import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetScreen } from '#features/auth/password-reset-screen';
import { emailLinkSearch } from '#routes/-search';

export const Route = createFileRoute('/users/password-reset')({
  validateSearch: emailLinkSearch,
  component: PasswordResetPage,
});

function PasswordResetPage() {
  const { email, token } = Route.useSearch();
  return <PasswordResetScreen email={email} token={token} />;
}
