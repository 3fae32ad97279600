import { z } from 'zod';
import { USER_MESSAGES } from '@forja/shared/errors';
import { ACCOUNT_DELETION_WORD } from '@forja/shared/schemas/account';
import {
  userPreferencesSchema,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@forja/shared/schemas/preferences';
import type { PasswordChange } from '@forja/shared/schemas/user';
import { http } from '../../lib/http';

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
 * A wrong current password is a 401 from the server; `soft` keeps that from being taken
 * for an ended session.
 */
export function changePassword(change: PasswordChange) {
  return http.post('/users/password-change/', { schema: notice, body: change, auth: 'soft' });
}

/** A short-lived link to the payment provider's page for cancelling or changing the card. */
export function openBillingPortal() {
  return http.get('/subscriptions/stripe/portal/', {
    schema: z.object({ url: z.url() }),
    invalidResponseMessage: 'Ocurrió un error al abrir la gestión de tu suscripción',
  });
}

export function deleteAccount(userId: string) {
  return http.delete(`/users/${encodeURIComponent(userId)}/`, {
    schema: notice,
    body: { confirmation: ACCOUNT_DELETION_WORD },
  });
}
