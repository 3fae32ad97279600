import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_WORD, type AccountDeletion } from '@forja/shared/schemas/account';
import { enqueueMail } from '#adapters/mail/outbox';
import type { Payments } from '#adapters/payments/payments';
import type { ObjectStore } from '#adapters/storage/object-store';
import type { Clock } from '#clock';
import { photoKeysOf } from '#db/check-ins';
import type { Db } from '#db/client';
import { mailOutbox, mailRequests } from '#db/schema/mail';
import { subscriptions } from '#db/schema/subscriptions';
import { users } from '#db/schema/users';
import type { UserRow } from '#db/users';
import { AppError } from '#http/app-error';
import { verifyPassword } from '#security/passwords';
import { revokeUserSessions } from '#security/sessions';
import { accountDeletedEmail } from '#adapters/mail/emails';

export interface AccountDeletionDeps {
  db: Db;
  clock: Clock;
  payments: Payments;
  objects: ObjectStore;
}

/** Subscription states after which the provider charges nothing more. */
const ENDED_STATUSES = ['canceled', 'expired'] as const;

/**
 * Deletes the account and every row that belongs to it, once the person has typed the
 * confirmation word and their current password, so a stolen session alone cannot. Subscriptions
 * still running at the provider are ended first, so nobody is charged for an account that no
 * longer exists; if the provider cannot be reached, nothing is deleted and the person can try
 * again. A notice goes to the address the account had.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  user: Pick<UserRow, 'id'>,
  input: AccountDeletion,
): Promise<void> {
  if (input.confirmation.trim() !== ACCOUNT_DELETION_WORD) {
    throw new AppError('deletionNotConfirmed');
  }
  // The hash is not among what the access token reads with the caller: read it here.
  const [stored] = await deps.db
    .select({ password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!stored || !(await verifyPassword(stored.password_hash, input.password))) {
    throw new AppError('invalidCredentials');
  }
  const running = await deps.db
    .select({ providerId: subscriptions.stripe_subscription_id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.user_id, user.id),
        isNotNull(subscriptions.stripe_subscription_id),
        notInArray(subscriptions.status, [...ENDED_STATUSES]),
      ),
    );
  for (const { providerId } of running) {
    if (!providerId) continue;
    try {
      await deps.payments.cancelSubscription(providerId);
    } catch (error) {
      throw new AppError('paymentsUnavailable', { cause: error });
    }
  }
  const photoKeys = await deps.db.transaction(async (tx) => {
    const keys = await photoKeysOf(tx, user.id);
    // The sessions go with the account; ending them first ends their event streams on every
    // instance when this commits (decision 098).
    await revokeUserSessions({ db: tx, clock: deps.clock }, user.id, 'account deleted');
    const [deleted] = await tx
      .delete(users)
      .where(eq(users.id, user.id))
      .returning({ email: users.email, first_name: users.first_name });
    if (!deleted) return [];
    // Every other table with a person's data references users with ON DELETE CASCADE; the
    // mail tables know people by address only, so the notice written after survives.
    await tx
      .delete(mailOutbox)
      .where(sql`lower(${mailOutbox.to_address}) = lower(${deleted.email})`);
    await tx
      .delete(mailRequests)
      .where(sql`lower(${mailRequests.email}) = lower(${deleted.email})`);
    await enqueueMail(
      { db: tx, clock: deps.clock },
      accountDeletedEmail({ to: deleted.email, firstName: deleted.first_name }),
    );
    return keys;
  });
  // The photos' bytes live outside the database's transaction (decision 061).
  await deps.objects.delete(photoKeys);
}
