import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth/login-screen';

export const Route = createFileRoute('/auth/login')({
  // The page to return to after logging in; anything but a string falls back to ''.
  validateSearch: (search: { from?: unknown } & SearchSchemaInput): { from: string } => ({
    from: typeof search.from === 'string' ? search.from : '',
  }),
  search: { middlewares: [stripSearchParams({ from: '' })] },
  component: LoginPage,
});

function LoginPage() {
  const { from } = Route.useSearch();
  return <LoginScreen from={from} />;
}
