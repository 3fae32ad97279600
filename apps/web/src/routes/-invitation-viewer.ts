import { queryOptions } from '@tanstack/react-query';
import type { InvitationViewer } from '#features/invitation-acceptance/invitation-screen';
import { fetchCurrentUser } from '#features/users/users-api';
import { isAuthenticated } from '#lib/session';

/**
 * Who is looking at an invitation. A query, not the loader's answer, so that coming back
 * to the same invitation after logging in (which clears the cache) asks again.
 */
export const invitationViewerQuery = queryOptions({
  queryKey: ['users', 'current', 'invitation-viewer'],
  queryFn: async (): Promise<InvitationViewer> => {
    if (!isAuthenticated()) return 'visitor';
    try {
      const user = await fetchCurrentUser();
      return user.role === 'trainer' ? 'trainer' : 'trainee';
    } catch {
      // A session that cannot be used is no session: the page offers to log in.
      return 'visitor';
    }
  },
  staleTime: Infinity,
});
