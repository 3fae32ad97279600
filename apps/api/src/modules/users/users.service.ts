import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { VERIFICATION_RESEND_INTERVAL_SECONDS } from '@forja/shared/constants';
import type { AuthTokens } from '@forja/shared/schemas/auth';
import { isId } from '@forja/shared/schemas/common';
import { userPreferencesCreateSchema } from '@forja/shared/schemas/preferences';
import type {
  EmailOnly,
  EmailVerification,
  PasswordChange,
  PasswordReset,
  Registration,
  User,
  UserUpdate,
} from '@forja/shared/schemas/user';
import { enqueueMail } from '#adapters/mail/outbox';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { passwordResetTokens, verificationCodes } from '#db/schema/auth';
import { mailRequests, type MailRequestKind } from '#db/schema/mail';
import { profilePictures } from '#db/schema/onboarding';
import { userPreferences, users } from '#db/schema/users';
import { profilePictureUrl } from '#images/profile-picture-url';
import { findUserByEmail, type UserRow } from '#db/users';
import type { PrincipalUser } from '#security/sessions';
import { AppError } from '#http/app-error';
import type { BatchWork } from '#jobs/runner';
import type { Principal } from '#http/authentication';
import { isUniqueViolation } from '#db/database-errors';
import { assertStrongPassword } from '#security/password-strength';
import { hashPassword, verifyPassword } from '#security/passwords';
import { createSession, revokeUserSessions } from '#security/sessions';
import { linkedTrainee, traineesLinkedTo, type TrainerLinkRow } from '#security/trainer-access';
import {
  hashToken,
  hashVerificationCode,
  looksLikeToken,
  newToken,
  newVerificationCode,
} from '#security/tokens';
import {
  passwordChangedEmail,
  passwordResetEmail,
  verificationEmail,
  welcomeEmail,
} from '#adapters/mail/emails';

export interface UsersDeps {
  db: Db;
  clock: Clock;
  /** Base of the links in e-mails. */
  publicUrl: string;
}

const MINUTE = 60_000;
export const VERIFICATION_CODE = {
  lifetimeMs: 10 * MINUTE,
  maxFailedAttempts: 5,
  /** A new code is sent at most this often. */
  resendIntervalMs: VERIFICATION_RESEND_INTERVAL_SECONDS * 1000,
} as const;
export const PASSWORD_RESET_LIFETIME_MS = 60 * MINUTE;

const EMAIL_VERIFICATION = 'email_verification' as const;

export function toUser(row: PrincipalUser): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    country: row.country,
    profile_picture_url: row.profile_picture_url,
    trainer_id: row.trainer_id ?? '',
    email: row.email,
    role: row.role,
    last_login: row.last_login,
    enabled: row.enabled,
  };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Replaces the account's verification code with a new one and mails it, in `db`'s transaction. */
async function sendNewVerificationCode(deps: UsersDeps, user: UserRow) {
  const { db, clock } = deps;
  const now = clock.now();
  const code = newVerificationCode();
  await db
    .delete(verificationCodes)
    .where(
      and(
        eq(verificationCodes.user_id, user.id),
        eq(verificationCodes.purpose, EMAIL_VERIFICATION),
      ),
    );
  await db.insert(verificationCodes).values({
    user_id: user.id,
    purpose: EMAIL_VERIFICATION,
    code_hash: hashVerificationCode(user.id, EMAIL_VERIFICATION, code),
    created_at: now,
    expires_at: new Date(now.getTime() + VERIFICATION_CODE.lifetimeMs),
  });
  await enqueueMail(
    deps,
    verificationEmail({
      to: user.email,
      firstName: user.first_name,
      code,
      publicUrl: deps.publicUrl,
    }),
  );
}

/**
 * A linked trainee as their trainer sees them (decision 051): who they are, never their
 * e-mail; when they last signed in only while they share their diary.
 */
function asSeenByTrainer(row: UserRow, link: TrainerLinkRow): User {
  return { ...toUser(row), email: '', last_login: link.diary ? row.last_login : null };
}

/**
 * Creates a disabled account (a trainee unless a trainer registers) with default
 * preferences and mails a verification code.
 */
export async function registerUser(deps: UsersDeps, input: Registration): Promise<User> {
  if (await findUserByEmail(deps.db, input.email)) throw new AppError('emailInUse');
  await assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          password_hash: passwordHash,
          first_name: input.first_name,
          last_name: input.last_name,
          country: input.country,
          terms_version: input.terms_version,
          terms_accepted_at: now,
          role: input.role ?? 'trainee',
          enabled: false,
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (!user) throw new Error('user not stored');
      await tx.insert(userPreferences).values({
        user_id: user.id,
        ...userPreferencesCreateSchema.parse({}),
        created_at: now,
        updated_at: now,
      });
      await sendNewVerificationCode({ ...deps, db: tx }, user);
      return toUser(user);
    });
  } catch (error) {
    // Two registrations of one address at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('emailInUse', { cause: error });
    throw error;
  }
}

/**
 * Checks a verification code and enables the account. The code row is locked, so of two
 * verifications at once exactly one succeeds; five wrong codes destroy it.
 */
export async function verifyEmail(deps: UsersDeps, input: EmailVerification): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError('invalidVerificationToken');
  const verified = await deps.db.transaction(async (tx) => {
    const [code] = await tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.user_id, user.id),
          eq(verificationCodes.purpose, EMAIL_VERIFICATION),
        ),
      )
      .for('update');
    const now = deps.clock.now();
    if (!code || code.consumed_at || code.expires_at <= now) return false;
    if (!sameHash(code.code_hash, hashVerificationCode(user.id, EMAIL_VERIFICATION, input.token))) {
      if (code.failed_attempts + 1 >= VERIFICATION_CODE.maxFailedAttempts) {
        await tx.delete(verificationCodes).where(eq(verificationCodes.id, code.id));
      } else {
        await tx
          .update(verificationCodes)
          .set({ failed_attempts: code.failed_attempts + 1 })
          .where(eq(verificationCodes.id, code.id));
      }
      return false;
    }
    await tx
      .update(verificationCodes)
      .set({ consumed_at: now })
      .where(eq(verificationCodes.id, code.id));
    await tx.update(users).set({ enabled: true, updated_at: now }).where(eq(users.id, user.id));
    // Once: the code is consumed in this transaction, so no second verification gets here.
    await enqueueMail(
      { db: tx, clock: deps.clock },
      welcomeEmail({ to: user.email, firstName: user.first_name, publicUrl: deps.publicUrl }),
    );
    return true;
  });
  if (!verified) throw new AppError('invalidVerificationToken');
}

/**
 * Mails a new code to an account that still needs one, unless a code went out less than a
 * minute ago; in `db`'s transaction. Run by the request worker, after the answer.
 */
async function mailNewVerificationCode(deps: UsersDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.enabled) return;
  // Serialises resends of one account.
  await deps.db.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  const [current] = await deps.db
    .select({ created_at: verificationCodes.created_at })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.user_id, user.id),
        eq(verificationCodes.purpose, EMAIL_VERIFICATION),
      ),
    );
  const now = deps.clock.now();
  if (
    current &&
    now.getTime() - current.created_at.getTime() < VERIFICATION_CODE.resendIntervalMs
  ) {
    return;
  }
  await sendNewVerificationCode(deps, user);
}

/**
 * Records that someone asked for a new verification code or a reset link for an address.
 * Nothing is looked up: known and unknown addresses cost the same single insert, so neither
 * the answer nor its timing tells who has an account. The worker does the rest.
 */
export async function requestMail(
  deps: UsersDeps,
  kind: MailRequestKind,
  input: EmailOnly,
): Promise<void> {
  await deps.db
    .insert(mailRequests)
    .values({ kind, email: input.email, requested_at: deps.clock.now() });
}

const MAIL_REQUEST_BATCH = 50;

/**
 * Turns waiting requests into messages, oldest first. Each request is deleted in the same
 * transaction that writes its token and message, so it is mailed exactly once however many
 * workers run; one that fails stays for the next round without holding up the others.
 */
export async function processMailRequests(
  deps: UsersDeps,
  onError: (error: unknown) => void = () => undefined,
): Promise<number> {
  const failed: string[] = [];
  let processed = 0;
  while (processed + failed.length < MAIL_REQUEST_BATCH) {
    let claimed: string | undefined;
    try {
      const more = await deps.db.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(mailRequests)
          .where(failed.length > 0 ? notInArray(mailRequests.id, failed) : undefined)
          .orderBy(asc(mailRequests.requested_at), asc(mailRequests.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!request) return false;
        claimed = request.id;
        await tx.delete(mailRequests).where(eq(mailRequests.id, request.id));
        const inTx = { ...deps, db: tx };
        if (request.kind === 'password_reset') await mailPasswordReset(inTx, request.email);
        else await mailNewVerificationCode(inTx, request.email);
        return true;
      });
      if (!more) break;
      processed += 1;
    } catch (error) {
      onError(error);
      if (!claimed) break;
      failed.push(claimed);
    }
  }
  return processed;
}
/**
 * The `mail-requests` job's work (decision 113): the waiting requests, oldest first, in
 * batches instances share. A request is deleted in the transaction that writes its token and
 * message, so it is mailed once; one that fails is retried after a back-off.
 */
export function mailRequestsBatch(deps: UsersDeps): BatchWork<{ key: string }> {
  return {
    size: MAIL_REQUEST_BATCH,
    due: async (limit, notHeld) =>
      deps.db
        .select({ key: mailRequests.id })
        .from(mailRequests)
        .where(notHeld(mailRequests.id))
        .orderBy(asc(mailRequests.requested_at), asc(mailRequests.id))
        .limit(limit),
    work: ({ key }) =>
      deps.db.transaction(async (tx) => {
        const [request] = await tx
          .delete(mailRequests)
          .where(eq(mailRequests.id, key))
          .returning({ kind: mailRequests.kind, email: mailRequests.email });
        // Gone already: mailed by another way in.
        if (!request) return;
        const inTx = { ...deps, db: tx };
        if (request.kind === 'password_reset') await mailPasswordReset(inTx, request.email);
        else await mailNewVerificationCode(inTx, request.email);
      }),
  };
}

async function userById(db: Db, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('unauthorized');
  return user;
}

/**
 * The caller first, then (for a trainer) their linked trainees, as a trainer sees them; at
 * most `limit` in all when given (1: the caller alone).
 */
export async function listUsers(
  deps: UsersDeps,
  principal: Principal,
  limit?: number,
): Promise<User[]> {
  const me = principal.user;
  if (me.role !== 'trainer' || limit === 1) return [toUser(me)];
  const trainees = await traineesLinkedTo(
    deps.db,
    me.id,
    limit === undefined ? undefined : limit - 1,
  );
  return [toUser(me), ...trainees.map(({ user, link }) => asSeenByTrainer(user, link))];
}

/**
 * Oneself, or for a trainer one of their linked trainees as a trainer sees them; anybody
 * else does not exist.
 */
export async function getUser(deps: UsersDeps, principal: Principal, id: string): Promise<User> {
  if (!isId(id)) throw new AppError('userNotFound');
  if (id.toLowerCase() === principal.userId) return toUser(principal.user);
  const linked =
    principal.role === 'trainer' ? await linkedTrainee(deps.db, principal.userId, id) : undefined;
  if (!linked) throw new AppError('userNotFound');
  return asSeenByTrainer(linked.user, linked.link);
}

export async function updateUser(
  deps: UsersDeps,
  principal: Principal,
  id: string,
  input: UserUpdate,
): Promise<User> {
  if (id.toLowerCase() !== principal.userId) throw new AppError('userNotFound');
  const picture = input.profile_picture_url;
  const [user] = await deps.db.transaction(async (tx) => {
    // Only the address of the person's own upload, or none: never another person's picture,
    // an outside tracker or a script. The row is locked so an upload cannot replace it between.
    if (picture !== undefined && picture !== '') {
      const [own] = await tx
        .select({ id: profilePictures.id })
        .from(profilePictures)
        .where(eq(profilePictures.user_id, principal.userId))
        .for('update');
      if (!own || profilePictureUrl(own.id) !== picture) throw new AppError('profilePictureNotOwn');
    }
    return tx
      .update(users)
      .set({ ...input, updated_at: deps.clock.now() })
      .where(eq(users.id, principal.userId))
      .returning();
  });
  if (!user) throw new AppError('userNotFound');
  return toUser(user);
}

/** Mails a reset link when the account exists, in `db`'s transaction. Run by the request worker. */
async function mailPasswordReset(deps: UsersDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = newToken();
  const now = deps.clock.now();
  // Only the newest link works.
  await deps.db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.user_id, user.id), isNull(passwordResetTokens.consumed_at)));
  await deps.db.insert(passwordResetTokens).values({
    user_id: user.id,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS),
  });
  await enqueueMail(
    deps,
    passwordResetEmail({
      to: user.email,
      firstName: user.first_name,
      token,
      publicUrl: deps.publicUrl,
    }),
  );
}

/**
 * Ends every reset link and e-mail code the account still has, and the requests for new
 * ones still waiting, in `db`'s transaction: once the password changes, a link or code
 * asked for before must not open the account again.
 */
async function endOutstandingCodes(db: Db, user: UserRow) {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.user_id, user.id), isNull(passwordResetTokens.consumed_at)));
  await db.delete(verificationCodes).where(eq(verificationCodes.user_id, user.id));
  await db.delete(mailRequests).where(sql`lower(${mailRequests.email}) = lower(${user.email})`);
}

function liveResetToken(userId: string, token: string, now: Date) {
  return and(
    eq(passwordResetTokens.token_hash, hashToken(token)),
    eq(passwordResetTokens.user_id, userId),
    isNull(passwordResetTokens.consumed_at),
    gt(passwordResetTokens.expires_at, now),
  );
}

/**
 * Sets a new password with a reset token, ends every session and sends a notice. The token
 * row is locked, so of two resets at once exactly one wins. Following the link proves the
 * mailbox, so the account is enabled too.
 */
export async function resetPassword(deps: UsersDeps, input: PasswordReset): Promise<void> {
  const user = looksLikeToken(input.token)
    ? await findUserByEmail(deps.db, input.email)
    : undefined;
  if (!user) throw new AppError('invalidVerificationToken');
  // Checked before the costly hash, and again under the lock.
  const [candidate] = await deps.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(liveResetToken(user.id, input.token, deps.clock.now()));
  if (!candidate) throw new AppError('invalidVerificationToken');
  // Only once the link is known good: judged against the person's name, the answer would
  // otherwise tell a stranger what the name is.
  await assertStrongPassword(input.password, user);

  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [token] = await tx
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(liveResetToken(user.id, input.token, now))
      .for('update');
    if (!token) return false;
    await tx
      .update(passwordResetTokens)
      .set({ consumed_at: now })
      .where(eq(passwordResetTokens.id, token.id));
    await tx
      .update(users)
      .set({ password_hash: passwordHash, enabled: true, updated_at: now })
      .where(eq(users.id, user.id));
    await endOutstandingCodes(tx, user);
    await revokeUserSessions({ db: tx, clock: deps.clock }, user.id, 'password reset');
    await enqueueMail(
      { db: tx, clock: deps.clock },
      passwordChangedEmail({
        to: user.email,
        firstName: user.first_name,
        publicUrl: deps.publicUrl,
        signedInHere: false,
      }),
    );
    return true;
  });
  if (!done) throw new AppError('invalidVerificationToken');
}

/**
 * Changes the password of a signed-in user who knows the current one. Every session ends,
 * the one the change was made from too, so a stolen token of it dies with the rest; the
 * caller gets a new session in its place and stays signed in.
 */
export async function changePassword(
  deps: UsersDeps,
  principal: Principal,
  input: PasswordChange,
): Promise<AuthTokens> {
  const user = await userById(deps.db, principal.userId);
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw new AppError('invalidCredentials');
  }
  await assertStrongPassword(input.password, user);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: now })
      .where(eq(users.id, user.id));
    await endOutstandingCodes(tx, user);
    await revokeUserSessions({ db: tx, clock: deps.clock }, user.id, 'password changed');
    await enqueueMail(
      { db: tx, clock: deps.clock },
      passwordChangedEmail({
        to: user.email,
        firstName: user.first_name,
        publicUrl: deps.publicUrl,
        signedInHere: true,
      }),
    );
    return createSession({ db: tx, clock: deps.clock }, user.id);
  });
}
