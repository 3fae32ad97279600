import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { ApiErrorKey } from '@forja/shared/errors';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { recoveryCodes, twoFactor } from '#db/schema/auth';

/**
 * Two-factor sign-in with an authenticator app (RFC 6238, decision 100): 6 digits, 30 s,
 * SHA-1, as every authenticator app reads a QR code. A code of the step before or after is
 * accepted (clocks drift); each step is accepted once.
 */
export const TOTP_PERIOD_S = 30;
const WINDOW = 1;
/** Wrong codes an account may send before codes are refused for `LOCK_MS`. */
export const MAX_WRONG_CODES = 5;
export const LOCK_MS = 15 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

interface Deps {
  db: Db;
  clock: Clock;
}

export type TwoFactorRow = typeof twoFactor.$inferSelect;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'Forja'): TOTP {
  return new TOTP({
    issuer: 'Forja',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The time step a code belongs to, when it is right now (±1 step); otherwise null. */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totp(secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp }) + delta;
}

// No 0/o, 1/l/i: a code copied from paper is read back without doubt. 31 symbols, 10 of
// them: about 50 bits each.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes as shown to the person: `abcde-fghjk`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What the database keeps of a recovery code: the hash of its letters, dash left out. */
export function hashRecoveryCode(userId: string, code: string): string {
  const normal = code.replace(/[\s-]+/g, '').toLowerCase();
  return createHash('sha256').update(`forja recovery\n${userId}\n${normal}`).digest('hex');
}

/** The person's two-factor row once confirmed, locked for the rest of `db`'s transaction. */
export async function lockedTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(eq(twoFactor.user_id, userId))
    .for('update');
  return row;
}

/** Whether the person signs in with a second factor. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactor.user_id })
    .from(twoFactor)
    .where(and(eq(twoFactor.user_id, userId), isNotNull(twoFactor.confirmed_at)));
  return row !== undefined;
}

export type CodeOutcome = 'ok' | 'wrong' | 'locked';

/**
 * Checks a code from the app against a locked row, in `db`'s transaction: a right code of a
 * step not used before moves `last_step`; a wrong one counts, and the fifth locks the
 * account's codes for 15 minutes. The caller commits either way, then answers.
 */
export async function checkTotp(deps: Deps, row: TwoFactorRow, code: string): Promise<CodeOutcome> {
  const now = deps.clock.now();
  if (row.locked_until && row.locked_until > now) return 'locked';
  const step = stepOfCode(row.secret, code, now);
  if (step !== null && (row.last_step === null || step > row.last_step)) {
    await deps.db
      .update(twoFactor)
      .set({ last_step: step, failed_attempts: 0, locked_until: null })
      .where(eq(twoFactor.user_id, row.user_id));
    return 'ok';
  }
  await countWrongCode(deps, row);
  return 'wrong';
}

async function countWrongCode(deps: Deps, row: TwoFactorRow) {
  const failed = row.failed_attempts + 1;
  const lock = failed >= MAX_WRONG_CODES;
  await deps.db
    .update(twoFactor)
    .set({
      failed_attempts: lock ? 0 : failed,
      locked_until: lock ? new Date(deps.clock.now().getTime() + LOCK_MS) : row.locked_until,
    })
    .where(eq(twoFactor.user_id, row.user_id));
}

/** Uses up a recovery code, counted like a code from the app when wrong. */
export async function useRecoveryCode(
  deps: Deps,
  row: TwoFactorRow,
  code: string,
): Promise<CodeOutcome> {
  const now = deps.clock.now();
  if (row.locked_until && row.locked_until > now) return 'locked';
  const [used] = await deps.db
    .update(recoveryCodes)
    .set({ used_at: now })
    .where(
      and(
        eq(recoveryCodes.user_id, row.user_id),
        eq(recoveryCodes.code_hash, hashRecoveryCode(row.user_id, code)),
        isNull(recoveryCodes.used_at),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used) {
    await deps.db
      .update(twoFactor)
      .set({ failed_attempts: 0, locked_until: null })
      .where(eq(twoFactor.user_id, row.user_id));
    return 'ok';
  }
  await countWrongCode(deps, row);
  return 'wrong';
}

/**
 * The second step of a login, in a transaction of its own so that a wrong code is counted
 * even though the login fails. Without two-factor sign-in it lets everything through.
 */
export async function passSecondFactor(
  deps: Deps,
  userId: string,
  input: { totp_code?: string | undefined; recovery_code?: string | undefined },
): Promise<ApiErrorKey | null> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedTwoFactor(tx, userId);
    if (!row?.confirmed_at) return null;
    const inTx = { db: tx, clock: deps.clock };
    let outcome: CodeOutcome;
    if (input.totp_code !== undefined) outcome = await checkTotp(inTx, row, input.totp_code);
    else if (input.recovery_code !== undefined) {
      outcome = await useRecoveryCode(inTx, row, input.recovery_code);
    } else return 'twoFactorRequired';
    if (outcome === 'ok') return null;
    return outcome === 'locked' ? 'twoFactorLocked' : 'twoFactorInvalid';
  });
}
