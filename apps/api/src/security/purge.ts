import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import {
  accessTokens,
  passwordResetTokens,
  sessionFamilies,
  verificationCodes,
} from '../db/schema/auth';
import { SESSION_LIFETIMES } from './sessions';

const DAY = 24 * 3_600_000;

export interface PurgeCounts {
  sessions: number;
  accessTokens: number;
  verificationCodes: number;
  passwordResetTokens: number;
}

/**
 * Deletes credentials that can never be used again, so the token tables hold live sessions
 * and not every login since the start:
 * - sessions ended (expired or revoked) more than a day ago, with all their tokens;
 * - access tokens of live sessions that expired longer ago than a refresh token may sit
 *   unused: the refresh token issued with such an access token is dead too, so a logout
 *   with it has nothing left to end. Rotated refresh tokens stay while their session lives,
 *   so a replayed one is still recognised as theft;
 * - e-mail codes and reset links used or expired more than a day ago.
 */
export async function purgeDeadCredentials(deps: { db: Db; clock: Clock }): Promise<PurgeCounts> {
  const now = deps.clock.now().getTime();
  const dayAgo = new Date(now - DAY);
  const sessions = await deps.db
    .delete(sessionFamilies)
    .where(or(lt(sessionFamilies.expires_at, dayAgo), lt(sessionFamilies.revoked_at, dayAgo)))
    .returning({ id: sessionFamilies.id });
  const access = await deps.db
    .delete(accessTokens)
    .where(lt(accessTokens.expires_at, new Date(now - SESSION_LIFETIMES.refreshIdleMs)))
    .returning({ hash: accessTokens.token_hash });
  const codes = await deps.db
    .delete(verificationCodes)
    .where(
      or(
        lt(verificationCodes.expires_at, dayAgo),
        and(isNotNull(verificationCodes.consumed_at), lt(verificationCodes.consumed_at, dayAgo)),
      ),
    )
    .returning({ id: verificationCodes.id });
  const resets = await deps.db
    .delete(passwordResetTokens)
    .where(
      or(
        lt(passwordResetTokens.expires_at, dayAgo),
        and(
          isNotNull(passwordResetTokens.consumed_at),
          lt(passwordResetTokens.consumed_at, dayAgo),
        ),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return {
    sessions: sessions.length,
    accessTokens: access.length,
    verificationCodes: codes.length,
    passwordResetTokens: resets.length,
  };
}
