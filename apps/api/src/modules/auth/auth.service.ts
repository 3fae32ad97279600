import { eq } from 'drizzle-orm';
import type { AuthTokens, Login, Refresh } from '@forja/shared/schemas/auth';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { users } from '#db/schema/users';
import { findUserByEmail } from '#db/users';
import { AppError } from '#http/app-error';
import { verifyAgainstDummy, verifyPassword } from '#security/passwords';
import { passSecondFactor } from '#security/two-factor';
import { createSession, refreshSession, revokeSessionOfAccessToken } from '#security/sessions';

export interface AuthDeps {
  db: Db;
  clock: Clock;
}

/**
 * Checks e-mail and password, then the code of an account with two-factor sign-in (401
 * `two factor code required` when it is missing), and starts a session. An unknown e-mail costs the same
 * password check and gets the same answer as a wrong password.
 */
export async function login(deps: AuthDeps, input: Login): Promise<AuthTokens> {
  const user = await findUserByEmail(deps.db, input.email);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new AppError('invalidCredentials');
  if (!user.enabled) throw new AppError('userNotEnabled');
  // Only after the password: a code is never judged for someone who does not know it.
  const refused = await passSecondFactor(deps, user.id, input);
  if (refused) throw new AppError(refused);
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ last_login: deps.clock.now() }).where(eq(users.id, user.id));
    return createSession({ db: tx, clock: deps.clock }, user.id);
  });
}

/** A new pair for a refresh token; any failure is a plain 401. */
export async function refresh(deps: AuthDeps, input: Refresh): Promise<AuthTokens> {
  const outcome = await refreshSession(deps, input.refresh_token);
  if (!outcome.ok) throw new AppError('unauthorized');
  return outcome.tokens;
}

/** Ends the session of the access token, if there is one to end. */
export async function logout(deps: AuthDeps, accessToken: string | null): Promise<void> {
  if (accessToken) await revokeSessionOfAccessToken(deps, accessToken);
}
