import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { USER_MESSAGES } from '@forja/shared/errors';
import { userPreferencesSchema, type UserPreferences } from '@forja/shared/schemas/preferences';
import { userSchema, type User } from '@forja/shared/schemas/user';
import { ApiError } from '#lib/api-error';
import { http } from '#lib/http';
import { preferencesKey } from '#lib/query-keys';

/**
 * The person logged in: the first element of GET /users/, asked for alone (a trainer's list
 * holds every trainee). Soft mode, so a lost session is reported to the caller (the guard
 * sends to login) instead of acted on here.
 */
export async function fetchCurrentUser(): Promise<User> {
  const users = await http.get('/users/', {
    query: { limit: '1' },
    schema: z.array(userSchema),
    auth: 'soft',
    invalidResponseMessage: USER_MESSAGES.getUser,
  });
  const [user] = users;
  if (!user) throw new ApiError(USER_MESSAGES.accountNotFound, { status: 404 });
  return user;
}

export const currentUserQuery = queryOptions({
  queryKey: ['users', 'current'],
  queryFn: fetchCurrentUser,
  // User data never becomes stale; logging in or out clears it.
  staleTime: Infinity,
});

/** The user's preferences, or null when they have none yet. */
export async function fetchPreferences(userId: string): Promise<UserPreferences | null> {
  try {
    return await http.get(`/users/${encodeURIComponent(userId)}/preferences/`, {
      schema: userPreferencesSchema,
      invalidResponseMessage: USER_MESSAGES.preferencesGet,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function preferencesQuery(userId: string) {
  return queryOptions({
    queryKey: preferencesKey(userId),
    queryFn: () => fetchPreferences(userId),
    staleTime: Infinity,
  });
}

/** The person logged in, read by the route's loader before the screen shows. */
export function useCurrentUser(): User {
  return useSuspenseQuery(currentUserQuery).data;
}
