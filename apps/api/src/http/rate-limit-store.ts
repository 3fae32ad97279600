import { Redis } from 'ioredis';

/** Where the counts of the rate limits live right now. */
export type RateLimitStoreKind = 'redis' | 'memory';

export interface Hit {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/** Fixed-window counters, plus marks that outlive a window (addresses known to an account). */
export interface CounterStore {
  kind(): RateLimitStoreKind;
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Gives an attempt back (a success, where only failures count). */
  undo(key: string): Promise<void>;
  mark(key: string, ttlMs: number): Promise<void>;
  isMarked(key: string): Promise<boolean>;
}

/** Logs the store uses to say when it changes place; app.log fits. */
export interface StoreLog {
  warn(message: string): void;
  info(message: string): void;
}

/** How long one Redis connection attempt or command may take before memory takes over. */
export const REDIS_TIMEOUT_MS = 300;
/** After a failed command, how long the counts stay in memory before Redis is tried again. */
const RETRY_REDIS_AFTER_MS = 2_000;
const SWEEP_EVERY_MS = 60_000;

/** The counts of one process; the store when there is no Redis, and the fallback when it is down. */
export class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly marks = new Map<string, number>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  kind(): RateLimitStoreKind {
    return 'memory';
  }

  hit(key: string, windowMs: number): Promise<Hit> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetMs: window.resetAt - now });
  }

  undo(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.resetAt > this.now() && window.count > 0) window.count -= 1;
    return Promise.resolve();
  }

  mark(key: string, ttlMs: number): Promise<void> {
    this.marks.set(key, this.now() + ttlMs);
    return Promise.resolve();
  }

  isMarked(key: string): Promise<boolean> {
    return Promise.resolve((this.marks.get(key) ?? 0) > this.now());
  }

  /** Drops ended windows and marks now and then, so memory follows the traffic of the moment. */
  private sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const [key, until] of this.marks) if (until <= now) this.marks.delete(key);
  }
}

// One round trip each, so instances counting together never lose an increment or its expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const UNDO_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end
return 0`;

function asHit(reply: unknown): Hit {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error('unexpected answer from Redis to a rate-limit count');
  }
  return { count: reply[0], resetMs: reply[1] };
}

/** The counts of every instance together, in Redis. */
export class RedisCounters implements CounterStore {
  constructor(private readonly redis: Redis) {}

  kind(): RateLimitStoreKind {
    return 'redis';
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    return asHit(await this.redis.eval(HIT_SCRIPT, 1, key, windowMs));
  }

  async undo(key: string): Promise<void> {
    await this.redis.eval(UNDO_SCRIPT, 1, key);
  }

  async mark(key: string, ttlMs: number): Promise<void> {
    await this.redis.set(key, '1', 'PX', ttlMs);
  }

  async isMarked(key: string): Promise<boolean> {
    return (await this.redis.exists(key)) === 1;
  }
}

/**
 * Redis while it answers, memory while it does not: a Redis outage neither switches the
 * limits off nor makes every guarded call wait for it. Says so once per outage.
 */
export class FallbackCounters implements CounterStore {
  private readonly shared: RedisCounters;
  private degraded = false;
  private memoryUntil = 0;

  constructor(
    private readonly redis: Redis,
    private readonly memory: MemoryCounters,
    private readonly log: StoreLog,
  ) {
    this.shared = new RedisCounters(redis);
    redis.on('ready', () => {
      this.recover();
    });
  }

  kind(): RateLimitStoreKind {
    return this.usable() && this.redis.status === 'ready' ? 'redis' : 'memory';
  }

  hit(key: string, windowMs: number): Promise<Hit> {
    return this.run(
      () => this.shared.hit(key, windowMs),
      () => this.memory.hit(key, windowMs),
    );
  }

  undo(key: string): Promise<void> {
    return this.run(
      () => this.shared.undo(key),
      () => this.memory.undo(key),
    );
  }

  mark(key: string, ttlMs: number): Promise<void> {
    return this.run(
      () => this.shared.mark(key, ttlMs),
      () => this.memory.mark(key, ttlMs),
    );
  }

  isMarked(key: string): Promise<boolean> {
    return this.run(
      () => this.shared.isMarked(key),
      () => this.memory.isMarked(key),
    );
  }

  /**
   * Redis is asked unless it failed a moment ago. Without an offline queue a command to a
   * client that is not connected fails at once, so asking costs nothing while it is down.
   */
  private usable(): boolean {
    return Date.now() >= this.memoryUntil;
  }

  private async run<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (this.usable()) {
      try {
        const result = await inRedis();
        this.recover();
        return result;
      } catch (error) {
        this.memoryUntil = Date.now() + RETRY_REDIS_AFTER_MS;
        this.degrade(error instanceof Error ? error.message : String(error));
      }
    }
    return inMemory();
  }

  private degrade(reason: string) {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn(
      `rate limits: Redis unavailable (${reason}); counting in memory until it is back`,
    );
  }

  private recover() {
    if (!this.degraded) return;
    this.degraded = false;
    this.memoryUntil = 0;
    this.log.info('rate limits: Redis is back; counting there again');
  }
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
  // Outages are reported once by FallbackCounters; this only keeps ioredis from calling
  // each reconnection error unhandled.
  redis.on('error', () => undefined);
  return redis;
}
