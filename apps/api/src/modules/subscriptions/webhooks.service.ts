import { eq } from 'drizzle-orm';
import { WebhookRejectedError } from '../../adapters/payments/payments';
import type { Db } from '../../db/client';
import { subscriptions, webhookEvents } from '../../db/schema/subscriptions';
import { AppError } from '../../http/app-error';
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
  return { outcome: 'applied', userId: row.user_id };
}

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
