import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';
import { addressKey } from './client-address';
import {
  FallbackCounters,
  MemoryCounters,
  type CounterStore,
  type RateLimitStoreKind,
} from './rate-limit-store';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * Each guarded action is limited per client address (IPv6 by /64) and per account (the
 * e-mail, or the user for signed-in calls). Where `perAccountAndIp` is set, one address
 * meets that tighter limit on an account first, and `perAccount` is the ceiling of all
 * addresses together, which addresses the account signed in from lately do not meet.
 */
export interface ActionLimits {
  perIp: RateLimitRule;
  perAccount: RateLimitRule;
  perAccountAndIp?: RateLimitRule;
}

export type RateLimitedAction =
  | 'login'
  | 'registration'
  | 'verification'
  | 'verificationResend'
  | 'passwordResetTrigger'
  | 'passwordReset'
  | 'passwordChange';

export type RateLimits = Record<RateLimitedAction, ActionLimits>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Loose enough for a family or an office behind one address, tight enough to make
 * guessing passwords or codes and mail bombing pointless. Decision 006 has the reasoning.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: {
    perIp: { max: 50, windowMs: 5 * MINUTE },
    perAccountAndIp: { max: 10, windowMs: 5 * MINUTE },
    perAccount: { max: 50, windowMs: HOUR },
  },
  registration: {
    perIp: { max: 30, windowMs: 10 * MINUTE },
    perAccount: { max: 5, windowMs: 10 * MINUTE },
  },
  verification: {
    perIp: { max: 50, windowMs: 10 * MINUTE },
    perAccount: { max: 10, windowMs: 10 * MINUTE },
  },
  verificationResend: {
    perIp: { max: 20, windowMs: 10 * MINUTE },
    perAccount: { max: 5, windowMs: 10 * MINUTE },
  },
  passwordResetTrigger: {
    perIp: { max: 20, windowMs: 10 * MINUTE },
    perAccountAndIp: { max: 3, windowMs: 10 * MINUTE },
    perAccount: { max: 10, windowMs: HOUR },
  },
  passwordReset: {
    perIp: { max: 20, windowMs: 10 * MINUTE },
    perAccount: { max: 10, windowMs: 10 * MINUTE },
  },
  passwordChange: {
    perIp: { max: 20, windowMs: 10 * MINUTE },
    perAccount: { max: 10, windowMs: 10 * MINUTE },
  },
};

/**
 * Actions where only failures count: a success gives its attempts back, so people who sign
 * in often from one address never meet the limit. Counting happens before the attempt (and
 * the success returns it), so a burst in parallel is bounded all the same.
 */
const FAILURES_ONLY: ReadonlySet<RateLimitedAction> = new Set(['login', 'passwordChange']);

/** How long an address the account signed in from skips the per-account ceiling. */
const KNOWN_ADDRESS_MS = 30 * 24 * HOUR;

export type RateLimitGuard = (
  action: RateLimitedAction,
  accountOf: (request: FastifyRequest) => string,
) => (request: FastifyRequest) => Promise<void>;

export interface RateLimiting {
  guard: RateLimitGuard;
  /** Where the counts live right now, for the health answer. */
  store: () => RateLimitStoreKind;
}

interface Attempt {
  action: RateLimitedAction;
  account: string;
  address: string;
  counted: string[];
}

/**
 * Picks the store (Redis when given, so every instance counts together, with memory while
 * Redis is unavailable; memory alone otherwise) and returns the guard routes put in their
 * preHandler.
 */
export function registerRateLimiting(
  app: FastifyInstance,
  options: { limits: RateLimits; redis: Redis | undefined; namespace?: string },
): RateLimiting {
  const memory = new MemoryCounters();
  const counters: CounterStore = options.redis
    ? new FallbackCounters(options.redis, memory, {
        warn: (message) => {
          app.log.warn(message);
        },
        info: (message) => {
          app.log.info(message);
        },
      })
    : memory;
  const namespace = options.namespace ?? 'forja:rate-limit:';
  const attempts = new WeakMap<FastifyRequest, Attempt>();
  const knownKey = (account: string, address: string) => `${namespace}known:${account}:${address}`;

  // Settles a guarded call once its answer is known, before it is sent.
  app.addHook('onSend', async (request, reply, payload) => {
    const attempt = attempts.get(request);
    if (!attempt || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (FAILURES_ONLY.has(attempt.action)) {
      await Promise.all(attempt.counted.map((key) => counters.undo(key)));
    }
    if (attempt.action === 'login') {
      await counters.mark(knownKey(attempt.account, attempt.address), KNOWN_ADDRESS_MS);
    }
    return payload;
  });

  const guard: RateLimitGuard = (action, accountOf) => {
    const limits = options.limits[action];
    return async (request) => {
      const account = accountOf(request).toLowerCase();
      const address = addressKey(request.ip);
      const rules: [string, RateLimitRule][] = [
        [`${namespace}${action}:ip:${address}`, limits.perIp],
      ];
      if (limits.perAccountAndIp) {
        rules.push([`${namespace}${action}:pair:${account}:${address}`, limits.perAccountAndIp]);
        // The owner's usual addresses stay open when many others have failed on the account.
        if (!(await counters.isMarked(knownKey(account, address)))) {
          rules.push([`${namespace}${action}:account:${account}`, limits.perAccount]);
        }
      } else {
        rules.push([`${namespace}${action}:account:${account}`, limits.perAccount]);
      }
      const attempt: Attempt = { action, account, address, counted: [] };
      attempts.set(request, attempt);
      // One rule after the other: what the first refuses never reaches the next, so an
      // address already refused cannot use up the account's ceiling.
      for (const [key, rule] of rules) {
        const hit = await counters.hit(key, rule.windowMs);
        attempt.counted.push(key);
        if (hit.count > rule.max) {
          throw new AppError('tooManyRequests', {
            headers: { 'retry-after': String(Math.max(1, Math.ceil(hit.resetMs / 1000))) },
          });
        }
      }
    };
  };

  return { guard, store: () => counters.kind() };
}

/** The e-mail of a validated body, the account key of most guarded calls. */
export function emailOfBody(request: FastifyRequest): string {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'email' in body) {
    return typeof body.email === 'string' ? body.email : '';
  }
  return '';
}
