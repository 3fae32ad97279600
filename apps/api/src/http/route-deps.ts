import type { Payments } from '../adapters/payments/payments';
import type { ObjectStore } from '../adapters/storage/object-store';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { EventHub } from '../events/hub';
import type { RateLimitGuard } from './rate-limit';
import type { RateLimitStoreKind } from './rate-limit-store';

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
