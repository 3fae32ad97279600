import type { Payments } from '#adapters/payments/payments';
import type { ObjectStore } from '#adapters/storage/object-store';
import type { Clock } from '#clock';
import type { Config } from '#config';
import type { Database, Db } from '#db/client';
import type { EventHub } from '#events/hub';
import type { RateLimitGuard } from './rate-limit';
import type { RateLimitStoreKind } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What the handler works with: the app's dependencies, or, for a write sent with an
     * `Idempotency-Key`, the same over the request's transaction (decision 111).
     */
    deps: RouteDeps;
  }
}

/**
 * What the app gives every module's routes plugin, as `{ deps }`. Services take the part
 * they need (`{ db, clock }`, …), so the whole object can be passed to any of them.
 */
export interface RouteDeps {
  database: Database;
  db: Db;
  clock: Clock;
  config: Config;
  /** Where links in mails point: the app's public address. */
  publicUrl: string;
  payments: Payments;
  /** Private files (progress photos) by key (decision 061). */
  objects: ObjectStore;
  /** The per-action rate-limit guard, a route's preHandler. */
  rateLimit: RateLimitGuard;
  /** Where the rate limits count right now: memory while Redis is unavailable. */
  rateLimitStore: () => RateLimitStoreKind;
  version: string;
  /** This instance's event streams (decision 060). */
  events: EventHub;
}

/** The options of every module's routes plugin. */
export interface RoutesOptions {
  deps: RouteDeps;
}

/**
 * The same dependencies with `tx` as the database handle, and with what keeps its data in
 * the database (the object store, the local payment provider) working over it too: what a
 * handler does with them commits or rolls back with `tx` (decision 111).
 */
export function overTransaction(deps: RouteDeps, tx: Db): RouteDeps {
  return {
    ...deps,
    db: tx,
    objects: deps.objects.over?.(tx) ?? deps.objects,
    payments: deps.payments.over?.(tx) ?? deps.payments,
  };
}
