import { createFileRoute } from '@tanstack/react-router';
import { RegistrationScreen } from '../../features/auth/registration-screen';

export const Route = createFileRoute('/users/registration')({
  component: RegistrationScreen,
});
