import { createFileRoute } from '@tanstack/react-router';
import { RegistrationScreen } from '#features/auth/registration-screen';

export const Route = createFileRoute('/trainers/registration')({
  component: TrainerRegistrationPage,
});

/** A trainer's first login opens their workspace. */
function TrainerRegistrationPage() {
  return <RegistrationScreen role="trainer" from="/trainers/today" />;
}
