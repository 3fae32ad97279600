import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_WORD, type AccountDeletion } from '@forja/shared/schemas/account';
import type { Payments } from '../../adapters/payments/payments';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';

export interface AccountDeletionDeps {
  db: Db;
  payments: Payments;
}

/** Subscription states after which the provider charges nothing more. */
const ENDED_STATUSES = ['canceled', 'expired'] as const;

/**
 * Deletes the account and every row that belongs to it, once the person has typed the
 * confirmation word. Subscriptions still running at the provider are ended first, so nobody
 * is charged for an account that no longer exists; if the provider cannot be reached,
 * nothing is deleted and the person can try again.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  userId: string,
  input: AccountDeletion,
): Promise<void> {
  if (input.confirmation.trim().toLocaleUpperCase('es') !== ACCOUNT_DELETION_WORD) {
    throw new AppError('deletionNotConfirmed');
  }
  const running = await deps.db
    .select({ providerId: subscriptions.stripe_subscription_id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.user_id, userId),
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
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .delete(users)
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    // Every other table with a person's data references users with ON DELETE CASCADE; the
    // mail outbox knows them by address only.
    if (user) {
      await tx
        .delete(mailOutbox)
        .where(sql`lower(${mailOutbox.to_address}) = lower(${user.email})`);
    }
  });
}
