import { createFileRoute } from '@tanstack/react-router';
import { EmailVerificationScreen } from '#features/auth/email-verification-screen';
import { emailLinkSearch } from '#routes/-search';

export const Route = createFileRoute('/users/email-verification')({
  validateSearch: emailLinkSearch,
  component: EmailVerificationPage,
});

function EmailVerificationPage() {
  const { email, token, from } = Route.useSearch();
  return <EmailVerificationScreen email={email} token={token} from={from} />;
}
