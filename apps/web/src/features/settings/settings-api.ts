import { z } from 'zod';
import { USER_MESSAGES } from '@forja/shared/errors';
import { ACCOUNT_DELETION_WORD } from '@forja/shared/schemas/account';
import { authTokensSchema } from '@forja/shared/schemas/auth';
import {
  userPreferencesSchema,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@forja/shared/schemas/preferences';
import type { PasswordChange } from '@forja/shared/schemas/user';
import { http } from '#lib/http';
import { storeTokens } from '#lib/session';

const notice = z.object({ message: z.string() });

/** Changes some preferences, creating them (with defaults for the rest) the first time. */
export function savePreferences(
  existing: UserPreferences | null,
  change: UserPreferencesUpdate,
): Promise<UserPreferences> {
  if (existing) {
    return http.put(`/users/preferences/${encodeURIComponent(existing.id)}/`, {
      schema: userPreferencesSchema,
      body: change,
      invalidResponseMessage: USER_MESSAGES.preferencesUpdate,
    });
  }
  return http.post('/users/preferences/', {
    schema: userPreferencesSchema,
    body: change,
    invalidResponseMessage: USER_MESSAGES.preferencesCreate,
  });
}

/**
 * Changes the password. The server ends every session, this one too, and answers a new
 * pair of tokens for this device, which replace the stored ones. A wrong current password
 * is a 401; `soft` keeps that from being taken for an ended session.
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  const tokens = await http.post('/users/password-change/', {
    schema: authTokensSchema,
    body: change,
    auth: 'soft',
  });
  storeTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

/** A short-lived link to the payment provider's page for cancelling or changing the card. */
export function openBillingPortal() {
  return http.get('/subscriptions/stripe/portal/', {
    schema: z.object({ url: z.url() }),
    invalidResponseMessage: 'Ocurrió un error al abrir la gestión de tu suscripción',
  });
}

/** Deletes the account; the current password is asked again. A wrong one is a 401, `soft`. */
export function deleteAccount(userId: string, password: string) {
  return http.delete(`/users/${encodeURIComponent(userId)}/`, {
    schema: notice,
    body: { confirmation: ACCOUNT_DELETION_WORD, password },
    auth: 'soft',
  });
}
