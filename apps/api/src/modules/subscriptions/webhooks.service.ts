import { eq } from 'drizzle-orm';
import { paymentReceiptEmail } from '#adapters/mail/emails';
import { enqueueMail } from '#adapters/mail/outbox';
import { WebhookRejectedError } from '#adapters/payments/payments';
import type { Db } from '#db/client';
import { subscriptions, webhookEvents } from '#db/schema/subscriptions';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import { nextState } from './subscription-state';
import type { SubscriptionDeps } from './subscriptions.service';
import { settleSuperseded } from './superseded.service';
import {
  MalformedEventError,
  parseWebhookEvent,
  type SubscriptionChange,
  type WebhookEvent,
} from './webhook-events';

type Row = typeof subscriptions.$inferSelect;

/** Checks the signature on the raw bytes (the provider knows how), and reads the event. */
function verifyWebhook(
  deps: Pick<SubscriptionDeps, 'payments' | 'clock'>,
  rawBody: Buffer,
  signature: string | undefined,
): WebhookEvent {
  if (!signature) throw new AppError('invalidWebhookSignature');
  let body: unknown;
  try {
    body = deps.payments.verifyWebhook(rawBody, signature, deps.clock.now());
  } catch (error) {
    if (error instanceof WebhookRejectedError) {
      throw new AppError(error.reason === 'signature' ? 'invalidWebhookSignature' : 'invalidJson', {
        cause: error,
      });
    }
    throw error;
  }
  try {
    return parseWebhookEvent(body);
  } catch (error) {
    if (error instanceof MalformedEventError) {
      throw new AppError('validation', { message: 'El evento no tiene la forma esperada' });
    }
    throw error;
  }
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unmatched';

/**
 * Verifies and applies one webhook delivery. The event id is stored in the same transaction
 * as its effect, so redeliveries (even concurrent ones) have no second effect.
 */
export async function receiveWebhook(
  deps: SubscriptionDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = verifyWebhook(deps, rawBody, signature);
  const result = await deps.db.transaction((tx) => applyEvent(tx as unknown as Db, deps, event));
  if (result.userId) await settleSuperseded(deps, result.userId);
  return result.outcome;
}

async function applyEvent(
  tx: Db,
  deps: Pick<SubscriptionDeps, 'clock' | 'config'>,
  event: WebhookEvent,
): Promise<{ outcome: WebhookOutcome; userId?: string }> {
  const recorded = await tx
    .insert(webhookEvents)
    .values({
      id: event.id,
      type: event.type,
      created_at: event.created,
      processed_at: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (recorded.length === 0) return { outcome: 'duplicate' };
  const { change } = event;
  if (!change) return { outcome: 'ignored' };

  const row = await findRow(tx, change);
  if (!row) return { outcome: 'unmatched' };
  const patch = nextState(row, change, event.created, deps.config.trialDays);
  if (Object.keys(patch).length > 0) {
    await tx
      .update(subscriptions)
      .set({ ...patch, updated_at: deps.clock.now() })
      .where(eq(subscriptions.id, row.id));
  }
  if (change.kind === 'invoice' && change.outcome === 'paid' && change.amountPaid > 0) {
    await mailReceipt(tx, deps, row.user_id, change, event.created);
  }
  return { outcome: 'applied', userId: row.user_id };
}

/**
 * Mails the receipt of a paid invoice, once per invoice: besides the event's own id, the
 * invoice's is recorded in the same ledger, so a repeated delivery under another event id
 * sends nothing either.
 */
async function mailReceipt(
  tx: Db,
  deps: Pick<SubscriptionDeps, 'clock' | 'config'>,
  userId: string,
  invoice: Extract<SubscriptionChange, { kind: 'invoice' }>,
  paidAt: Date,
) {
  const first = await tx
    .insert(webhookEvents)
    .values({
      id: `${RECEIPT_PREFIX}${invoice.invoiceId}`,
      type: 'receipt',
      created_at: paidAt,
      processed_at: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (first.length === 0) return;
  const [user] = await tx
    .select({ email: users.email, first_name: users.first_name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  await enqueueMail(
    { db: tx, clock: deps.clock },
    paymentReceiptEmail({
      to: user.email,
      firstName: user.first_name,
      amount: invoice.amountPaid,
      currency: invoice.currency,
      paidAt,
      periodEnd: invoice.periodEnd,
      invoiceId: invoice.invoiceId,
      publicUrl: deps.config.publicUrl,
    }),
  );
}

/** Ledger entries of receipts mailed, beside the provider's event ids (which start "evt_"). */
export const RECEIPT_PREFIX = 'receipt:';

async function findRow(tx: Db, change: SubscriptionChange): Promise<Row | undefined> {
  const lockOne = async (condition: ReturnType<typeof eq>) =>
    (await tx.select().from(subscriptions).where(condition).for('update'))[0];

  const byProvider = await lockOne(
    eq(subscriptions.stripe_subscription_id, change.providerSubscriptionId ?? ''),
  );
  if (byProvider) return byProvider;
  const candidates: (Row | undefined)[] = [];
  if (change.localSubscriptionId) {
    candidates.push(await lockOne(eq(subscriptions.id, change.localSubscriptionId)));
  }
  if (change.kind === 'checkout') {
    candidates.push(await lockOne(eq(subscriptions.checkout_session_id, change.checkoutSessionId)));
  }
  // A row already tied to another provider subscription is not this one.
  return candidates.find(
    (row) =>
      row &&
      (!row.stripe_subscription_id || row.stripe_subscription_id === change.providerSubscriptionId),
  );
}
