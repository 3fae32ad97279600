import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import {
  accessTokens,
  passwordResetTokens,
  sessionFamilies,
  verificationCodes,
} from '#db/schema/auth';
import { mailOutbox } from '#db/schema/mail';
import { SESSION_LIFETIMES } from './sessions';

const DAY = 24 * 3_600_000;
/** How long support can see that a message went out (to whom, what, when). */
export const MAIL_RETENTION_MS = 30 * DAY;

export interface PurgeCounts {
  sessions: number;
  accessTokens: number;
  verificationCodes: number;
  passwordResetTokens: number;
  mail: number;
}

/**
 * Deletes credentials that can never be used again, so the token tables hold live sessions
 * and not every login since the start:
 * - sessions ended (expired or revoked) more than a day ago, with all their tokens;
 * - access tokens of live sessions that expired longer ago than a refresh token may sit
 *   unused: the refresh token issued with such an access token is dead too, so a logout
 *   with it has nothing left to end. Rotated refresh tokens stay while their session lives,
 *   so a replayed one is still recognised as theft;
 * - e-mail codes and reset links used or expired more than a day ago;
 * - outbox messages sent or given up on, 30 days after they were written (with the dev
 *   outbox they still hold their codes and links until then).
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
  const mail = await deps.db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['sent', 'failed']),
        lt(mailOutbox.created_at, new Date(now - MAIL_RETENTION_MS)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return {
    sessions: sessions.length,
    accessTokens: access.length,
    verificationCodes: codes.length,
    passwordResetTokens: resets.length,
    mail: mail.length,
  };
}
