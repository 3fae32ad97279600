import type { Agent } from 'node:https';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Clock } from '#clock';
import type { Config } from '#config';
import type { Db } from '#db/client';
import { notifications, pushDeliveries, pushSubscriptions } from '#db/schema/notifications';
import { allowedPushEndpoint, createPushAgent } from './push-endpoint';

export const PUSH_DELIVERY = {
  /** Delay before the second attempt; it doubles on each failure up to the cap. */
  firstRetryMs: 30_000,
  maxRetryMs: 30 * 60_000,
  /** A notification not delivered after this many attempts is given up. */
  maxAttempts: 6,
  /** A claim older than this belongs to a worker that died; another may take it over. */
  leaseMs: 2 * 60_000,
  batchSize: 50,
  /** How long a push service may keep a notification for a device that is offline. */
  ttlSeconds: 24 * 60 * 60,
  requestTimeoutMs: 10_000,
} as const;

export interface PushDeliveryDeps {
  db: Db;
  clock: Clock;
  push: NonNullable<Config['push']>;
  /**
   * The HTTPS agent for the push services: by default one that connects only to public
   * addresses (`createPushAgent`). Tests pass one that reaches their local push service.
   */
  agent?: Agent;
  onError?: (error: unknown, deliveryId: string) => void;
}

let defaultAgent: Agent | undefined;
function pushAgent(): Agent {
  defaultAgent ??= createPushAgent();
  return defaultAgent;
}

export function pushRetryDelayMs(attempts: number): number {
  return Math.min(
    PUSH_DELIVERY.firstRetryMs * 2 ** Math.max(0, attempts - 1),
    PUSH_DELIVERY.maxRetryMs,
  );
}

/** What the service worker receives: what to show and where a tap leads. */
export interface PushPayload {
  title: string;
  body: string;
  path: string;
  /** Notifications of one kind replace each other on the device instead of piling up. */
  tag: string;
}

/**
 * Sends the pushes that are due, once each: a delivery is claimed (status `sending`, with
 * FOR UPDATE SKIP LOCKED) before it is sent and marked `sent` after, so two workers never send
 * the same one. A push service answering 404 or 410 says the browser unsubscribed: the
 * subscription (and what was queued for it) is deleted. Other failures are retried with
 * exponential backoff, at most six attempts.
 */
export async function deliverPendingPushes(deps: PushDeliveryDeps) {
  const { db, clock, push } = deps;
  const now = clock.now();
  const leaseExpired = new Date(now.getTime() - PUSH_DELIVERY.leaseMs);
  const due = db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(
      or(
        and(eq(pushDeliveries.status, 'pending'), lte(pushDeliveries.next_attempt_at, now)),
        and(eq(pushDeliveries.status, 'sending'), lte(pushDeliveries.claimed_at, leaseExpired)),
      ),
    )
    .orderBy(pushDeliveries.created_at)
    .limit(PUSH_DELIVERY.batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(pushDeliveries)
    .set({
      status: 'sending',
      claimed_at: now,
      attempts: sql`${pushDeliveries.attempts} + 1`,
    })
    .where(inArray(pushDeliveries.id, due))
    .returning({ id: pushDeliveries.id, attempts: pushDeliveries.attempts });
  if (claimed.length === 0) return { sent: 0, failed: 0, removed: 0 };

  const rows = await db
    .select({
      id: pushDeliveries.id,
      subscription_id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      path: notifications.path,
    })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscription_id))
    .innerJoin(notifications, eq(notifications.id, pushDeliveries.notification_id))
    .where(
      inArray(
        pushDeliveries.id,
        claimed.map((row) => row.id),
      ),
    );

  let sent = 0;
  let failed = 0;
  let removed = 0;
  for (const row of rows) {
    const attempts = claimed.find((item) => item.id === row.id)?.attempts ?? 1;
    const ours = and(
      eq(pushDeliveries.id, row.id),
      eq(pushDeliveries.status, 'sending'),
      eq(pushDeliveries.attempts, attempts),
    );
    const payload: PushPayload = {
      title: row.title,
      body: row.body,
      path: row.path,
      tag: row.kind,
    };
    // A row stored before the endpoint check, or written by hand, is never connected to: the
    // browser is forgotten without a request, whatever the host would answer.
    const endpoint = allowedPushEndpoint(row.endpoint, push.endpointHosts);
    if (!endpoint) {
      removed += 1;
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
      continue;
    }
    try {
      await webpush.sendNotification(
        { endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: {
            subject: push.subject,
            publicKey: push.publicKey,
            privateKey: push.privateKey,
          },
          TTL: PUSH_DELIVERY.ttlSeconds,
          contentEncoding: 'aes128gcm',
          timeout: PUSH_DELIVERY.requestTimeoutMs,
          agent: deps.agent ?? pushAgent(),
        },
      );
    } catch (error) {
      deps.onError?.(error, row.id);
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        removed += 1;
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
        continue;
      }
      failed += 1;
      const givenUp = attempts >= PUSH_DELIVERY.maxAttempts;
      await db
        .update(pushDeliveries)
        .set({
          status: givenUp ? 'failed' : 'pending',
          claimed_at: null,
          next_attempt_at: new Date(clock.now().getTime() + pushRetryDelayMs(attempts)),
          last_error: describe(error),
        })
        .where(ours);
      continue;
    }
    sent += 1;
    await db
      .update(pushDeliveries)
      .set({ status: 'sent', sent_at: clock.now(), claimed_at: null, last_error: null })
      .where(ours);
  }
  return { sent, failed, removed };
}

/** The push service's status and a short text, never the request (it carries keys). */
function describe(error: unknown): string {
  if (error instanceof WebPushError) return `push service answered ${error.statusCode}`;
  return error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
}
