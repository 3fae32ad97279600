import { and, count, eq, isNull } from 'drizzle-orm';
import type {
  RecoveryCodes,
  TwoFactorConfirmation,
  TwoFactorDisable,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@forja/shared/schemas/two-factor';
import type { ApiErrorKey } from '@forja/shared/errors';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { recoveryCodes, twoFactor } from '#db/schema/auth';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import { verifyPassword } from '#security/passwords';
import type { PrincipalUser } from '#security/sessions';
import {
  checkTotp,
  hashRecoveryCode,
  lockedTwoFactor,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
} from '#security/two-factor';

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
}

type Person = Pick<PrincipalUser, 'id' | 'email'>;

export async function twoFactorStatus(
  deps: TwoFactorDeps,
  person: Person,
): Promise<TwoFactorStatus> {
  const [row] = await deps.db
    .select({ confirmed_at: twoFactor.confirmed_at })
    .from(twoFactor)
    .where(eq(twoFactor.user_id, person.id));
  if (!row?.confirmed_at) return { enabled: false, recovery_codes_left: 0 };
  const [left] = await deps.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, person.id), isNull(recoveryCodes.used_at)));
  return { enabled: true, recovery_codes_left: left?.n ?? 0 };
}

/**
 * A new secret, answered this once: it replaces any enrolment not yet confirmed. Two-factor
 * sign-in is not on until a code from the app confirms it.
 */
export async function startEnrolment(
  deps: TwoFactorDeps,
  person: Person,
): Promise<TwoFactorEnrolment> {
  const secret = newTotpSecret();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockedTwoFactor(tx, person.id);
    if (row?.confirmed_at) throw new AppError('twoFactorAlreadyOn');
    await tx
      .insert(twoFactor)
      .values({ user_id: person.id, secret, created_at: now })
      .onConflictDoUpdate({
        target: twoFactor.user_id,
        set: { secret, created_at: now, last_step: null, failed_attempts: 0, locked_until: null },
      });
  });
  return { secret, otpauth_url: otpauthUrl(secret, person.email) };
}

/** Turns it on with a code from the app, and answers the ten recovery codes, once. */
export async function confirmEnrolment(
  deps: TwoFactorDeps,
  person: Person,
  input: TwoFactorConfirmation,
): Promise<RecoveryCodes> {
  type Outcome = { refused: ApiErrorKey } | { codes: string[] };
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockedTwoFactor(tx, person.id);
    if (!row) return { refused: 'twoFactorNotStarted' as const };
    if (row.confirmed_at) return { refused: 'twoFactorAlreadyOn' as const };
    const checked = await checkTotp({ db: tx, clock: deps.clock }, row, input.code);
    if (checked === 'locked') return { refused: 'twoFactorLocked' as const };
    if (checked === 'wrong') return { refused: 'twoFactorWrongCode' as const };
    const now = deps.clock.now();
    await tx.update(twoFactor).set({ confirmed_at: now }).where(eq(twoFactor.user_id, person.id));
    const codes = newRecoveryCodes();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, person.id));
    await tx.insert(recoveryCodes).values(
      codes.map((code) => ({
        user_id: person.id,
        code_hash: hashRecoveryCode(person.id, code),
        created_at: now,
      })),
    );
    return { codes };
  });
  if ('refused' in outcome) throw new AppError(outcome.refused);
  return { recovery_codes: outcome.codes };
}

/** Turns it off, with the password or a current code from the app. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  person: Person,
  input: TwoFactorDisable,
): Promise<void> {
  if (input.code === undefined) {
    // The hash is not among what the access token reads with the caller: read it here.
    const [stored] = await deps.db
      .select({ password_hash: users.password_hash })
      .from(users)
      .where(eq(users.id, person.id));
    if (!stored || !(await verifyPassword(stored.password_hash, input.password ?? ''))) {
      // A 400, not a 401: the person stays signed in and is told to try again.
      throw new AppError('twoFactorWrongPassword');
    }
  }
  const refused = await deps.db.transaction(async (tx) => {
    const row = await lockedTwoFactor(tx, person.id);
    if (!row) return null;
    if (input.code !== undefined && row.confirmed_at) {
      const checked = await checkTotp({ db: tx, clock: deps.clock }, row, input.code);
      if (checked === 'locked') return 'twoFactorLocked' as const;
      if (checked === 'wrong') return 'twoFactorWrongCode' as const;
    }
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, person.id));
    await tx.delete(twoFactor).where(eq(twoFactor.user_id, person.id));
    return null;
  });
  if (refused) throw new AppError(refused);
}
