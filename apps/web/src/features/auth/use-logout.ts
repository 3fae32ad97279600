import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { logout } from './auth-api';

/** Logs out: the tokens go first, then the server is told, then the login page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The tokens are already gone from this device; a server that cannot be reached
      // lets the session expire on its own.
    }
    await navigate({ to: '/auth/login', replace: true });
    // Only once the screens showing this user's data are gone, so none refetches it.
    queryClient.clear();
  };

  return { logout: run, pending };
}
