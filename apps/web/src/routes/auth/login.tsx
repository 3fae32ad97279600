import {
  createFileRoute,
  stripSearchParams,
  useLocation,
  type SearchSchemaInput,
} from '@tanstack/react-router';
import { LoginScreen } from '#features/auth/login-screen';
import { isAuthenticated } from '#lib/session';

export const Route = createFileRoute('/auth/login')({
  // The page to return to after logging in; anything but a string falls back to ''.
  validateSearch: (search: { from?: unknown } & SearchSchemaInput): { from: string } => ({
    from: typeof search.from === 'string' ? search.from : '',
  }),
  search: { middlewares: [stripSearchParams({ from: '' })] },
  // Only a visitor with a stored session waits for the check, and only they load its code.
  beforeLoad: async ({ context: { queryClient }, search }) => {
    if (!isAuthenticated()) return;
    const { skipLoginWhenSignedIn } = await import('#routes/-guards');
    await skipLoginWhenSignedIn(queryClient, search.from);
  },
  component: LoginPage,
});

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * The address just verified, to fill in on the login form. It travels in the history
     * entry, not the address bar, so it is neither shared with a link nor kept in logs.
     */
    verifiedEmail?: string;
  }
}

function LoginPage() {
  const { from } = Route.useSearch();
  const verifiedEmail = useLocation({ select: (location) => location.state.verifiedEmail });
  return <LoginScreen from={from} email={verifiedEmail ?? ''} />;
}
