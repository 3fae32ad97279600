import { createFileRoute } from '@tanstack/react-router';
import { RegistrationScreen } from '#features/auth/registration-screen';
import { returnSearch } from '#routes/-search';

export const Route = createFileRoute('/users/registration')({
  validateSearch: returnSearch,
  component: RegistrationPage,
});

function RegistrationPage() {
  const { from } = Route.useSearch();
  return <RegistrationScreen from={from} />;
}
