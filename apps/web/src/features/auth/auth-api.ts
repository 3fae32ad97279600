import { z } from 'zod';
import { authTokensSchema, type Login } from '@forja/shared/schemas/auth';
import type {
  EmailOnly,
  EmailVerification,
  PasswordReset,
  Registration,
} from '@forja/shared/schemas/user';
import { http } from '#lib/http';
import { clearTokens, getAccessToken, storeTokens } from '#lib/session';

// Answers the spec leaves unspecified are not relied upon.
const anyAnswer = z.unknown();

/** Logs in and stores both tokens. */
export async function login(credentials: Login): Promise<void> {
  const tokens = await http.post('/auth/login/', {
    schema: authTokensSchema,
    body: credentials,
    auth: 'none',
  });
  storeTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

/**
 * Clears the tokens first, so the person is logged out on this device whatever happens,
 * then asks the server to end the session.
 */
export async function logout(): Promise<void> {
  const accessToken = getAccessToken();
  clearTokens();
  if (!accessToken) return;
  await forgetThisBrowserPush(accessToken);
  await http.post('/auth/logout/', { schema: anyAnswer, auth: 'none', token: accessToken });
}

/**
 * A device left should not show the next person this one's notifications: its push
 * subscription ends here and on the server (decision 062). Loaded only when logging out.
 */
async function forgetThisBrowserPush(accessToken: string): Promise<void> {
  try {
    const { unsubscribeThisBrowser } = await import('#lib/push-subscription');
    const endpoint = await unsubscribeThisBrowser();
    if (!endpoint) return;
    await http.delete('/push/subscriptions/', {
      schema: anyAnswer,
      body: { endpoint },
      auth: 'none',
      token: accessToken,
    });
  } catch {
    // Logging out goes on: a subscription the server keeps dies with the push service's 410.
  }
}

export async function register(registration: Registration): Promise<void> {
  await http.post('/users/registrations/', {
    schema: anyAnswer,
    body: registration,
    auth: 'none',
  });
}

export async function verifyEmail(verification: EmailVerification): Promise<void> {
  await http.post('/users/registrations/email-verifications/', {
    schema: anyAnswer,
    body: verification,
    auth: 'none',
  });
}

export async function resendVerificationCode(request: EmailOnly): Promise<void> {
  await http.post('/users/registrations/email-verifications/resend/', {
    schema: anyAnswer,
    body: request,
    auth: 'none',
  });
}

export async function requestPasswordReset(request: EmailOnly): Promise<void> {
  await http.post('/users/password-reset/triggers/', {
    schema: anyAnswer,
    body: request,
    auth: 'none',
  });
}

export async function resetPassword(reset: PasswordReset): Promise<void> {
  await http.post('/users/password-reset/', { schema: anyAnswer, body: reset, auth: 'none' });
}
