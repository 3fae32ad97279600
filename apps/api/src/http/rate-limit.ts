import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Each guarded action is limited per client address and per account (the e-mail). */
export interface ActionLimits {
  perIp: RateLimitRule;
  perAccount: RateLimitRule;
}

export type RateLimitedAction =
  | 'login'
  | 'registration'
  | 'verification'
  | 'verificationResend'
  | 'passwordResetTrigger'
  | 'passwordReset';

export type RateLimits = Record<RateLimitedAction, ActionLimits>;

const MINUTE = 60_000;

/**
 * Loose enough for a family or an office behind one address, tight enough to make
 * guessing passwords or codes and mail bombing pointless.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: {
    perIp: { max: 50, windowMs: 5 * MINUTE },
    perAccount: { max: 10, windowMs: 5 * MINUTE },
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
    perAccount: { max: 5, windowMs: 10 * MINUTE },
  },
  passwordReset: {
    perIp: { max: 20, windowMs: 10 * MINUTE },
    perAccount: { max: 10, windowMs: 10 * MINUTE },
  },
};

export type RateLimitGuard = (
  action: RateLimitedAction,
  accountOf: (request: FastifyRequest) => string,
) => (request: FastifyRequest) => Promise<void>;

/**
 * Registers the rate-limit store (Redis when given, so every instance counts together;
 * memory otherwise) and returns the guard routes put in their preHandler.
 */
export async function registerRateLimiting(
  app: FastifyInstance,
  options: { limits: RateLimits; redis: Redis | undefined; namespace?: string },
): Promise<RateLimitGuard> {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis } : {}),
    nameSpace: options.namespace ?? 'forja:rate-limit:',
    // A Redis outage must not lock everybody out of their account.
    skipOnError: true,
  });

  return (action, accountOf) => {
    const { perIp, perAccount } = options.limits[action];
    const checks = [
      app.createRateLimit({
        max: perIp.max,
        timeWindow: perIp.windowMs,
        keyGenerator: (request) => `${action}:ip:${request.ip}`,
      }),
      app.createRateLimit({
        max: perAccount.max,
        timeWindow: perAccount.windowMs,
        keyGenerator: (request) => `${action}:account:${accountOf(request).toLowerCase()}`,
      }),
    ];
    return async (request) => {
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError('tooManyRequests', {
            headers: { 'retry-after': String(Math.max(1, result.ttlInSeconds)) },
          });
        }
      }
    };
  };
}

/** The e-mail of a validated body, the account key of most guarded calls. */
export function emailOfBody(request: FastifyRequest): string {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'email' in body) {
    return typeof body.email === 'string' ? body.email : '';
  }
  return '';
}
