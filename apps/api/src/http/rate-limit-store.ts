import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** Where the counts of the rate limits live right now. */
export type RateLimitStoreKind = 'redis' | 'memory';

/** Makes the limiters of one app, all counting in the same place. */
export interface LimiterStore {
  /** At most `points` per `duration` seconds for each key, stored under `keyPrefix:key`. */
  limiter(keyPrefix: string, points: number, duration: number): RateLimiterAbstract;
  /** Where the counts live now; the first answer in Redis again after an outage is logged. */
  kind(): RateLimitStoreKind;
}

/** How long one Redis connection attempt or command may take before memory takes over. */
const REDIS_TIMEOUT_MS = 300;
/** After memory last answered for Redis, how long the counts are still said to be in memory. */
const SETTLE_MS = 2_000;

/** The counts of one process: every instance counts on its own. */
export const memoryStore: LimiterStore = {
  limiter: (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration }),
  kind: () => 'memory',
};

/** The insurance of a Redis limiter, which says whenever it has to answer in Redis's place. */
class Insurance extends RateLimiterMemory {
  constructor(
    options: { points: number; duration: number },
    private readonly answering: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.answering();
    return super.consume(...args);
  }

  override reward(...args: Parameters<RateLimiterMemory['reward']>) {
    this.answering();
    return super.reward(...args);
  }

  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.answering();
    return super.get(...args);
  }

  override set(...args: Parameters<RateLimiterMemory['set']>) {
    this.answering();
    return super.set(...args);
  }
}

/**
 * The counts of every instance together in Redis, each limiter insured by one in memory: a
 * Redis outage neither switches the limits off nor makes a guarded call wait for it. The
 * client fails a command at once while it is not connected (no offline queue) and after
 * REDIS_TIMEOUT_MS when Redis does not answer. Says so once per outage, and once when over.
 */
export function redisStore(redis: Redis, log: FastifyBaseLogger): LimiterStore {
  let memoryAnsweredAt = -Infinity;
  let degraded = false;
  const answering = () => {
    memoryAnsweredAt = Date.now();
    if (degraded) return;
    degraded = true;
    const reason =
      redis.status === 'ready' ? `no answer within ${REDIS_TIMEOUT_MS} ms` : redis.status;
    log.warn(`rate limits: Redis unavailable (${reason}); counting in memory until it is back`);
  };
  const kind = (): RateLimitStoreKind => {
    const inRedis = redis.status === 'ready' && Date.now() - memoryAnsweredAt >= SETTLE_MS;
    if (inRedis && degraded) {
      degraded = false;
      log.info('rate limits: Redis is back; counting there again');
    }
    return inRedis ? 'redis' : 'memory';
  };
  return {
    limiter: (keyPrefix, points, duration) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points,
        duration,
        insuranceLimiter: new Insurance({ points, duration }, answering),
      }),
    kind,
  };
}

/**
 * The Redis client for the rate limits: short time-outs and no offline queue, so a call never
 * waits on a Redis that is down (memory counts meanwhile); it keeps reconnecting behind.
 */
export function createRateLimitRedis(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Outages are reported once by redisStore; this only keeps ioredis from calling each
  // reconnection error unhandled.
  redis.on('error', () => undefined);
  return redis;
}
