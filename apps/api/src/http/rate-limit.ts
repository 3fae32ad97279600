import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { VERIFICATION_RESEND_INTERVAL_SECONDS } from '@forja/shared/constants';
import { LOGIN_LOCKED_WAY_IN } from '@forja/shared/errors';
import { AppError } from './app-error';
import { requireUser } from './authentication';
import { addressKey } from './client-address';
import {
  memoryStore,
  redisStore,
  type LimiterStore,
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
  /** Left out for signed-in writes, limited per account alone (a gym shares one address). */
  perIp?: RateLimitRule;
  perAccount: RateLimitRule;
  /** A second, longer ceiling per account: the day's cap of a signed-in write. */
  perAccountDay?: RateLimitRule;
  perAccountAndIp?: RateLimitRule;
  /**
   * The least time between two calls on one account, from any address: refused before the
   * others count, with the seconds left in Retry-After, so a client can say how long remains.
   */
  spacing?: RateLimitRule;
}

export type RateLimitedAction =
  | 'login'
  | 'registration'
  | 'verification'
  | 'verificationResend'
  | 'passwordResetTrigger'
  | 'passwordReset'
  | 'passwordChange'
  | 'invitationPreview'
  | WriteAction;

/**
 * Signed-in writes that notify, push and mail someone else, or store a picture (decision 099):
 * limited per account, far above what a person does by hand.
 */
export type WriteAction = 'messageWrite' | 'commentWrite' | 'upload' | 'checkInWrite';

/** What a refused write says first; then when to try again. */
const WRITE_REFUSALS: Record<WriteAction, string> = {
  messageWrite: 'Has enviado muchos mensajes en poco tiempo',
  commentWrite: 'Has escrito muchos comentarios en poco tiempo',
  upload: 'Has subido muchas fotos en poco tiempo',
  checkInWrite: 'Has enviado muchas veces la revisión semanal en poco tiempo',
};

function isWriteAction(action: RateLimitedAction): action is WriteAction {
  return action in WRITE_REFUSALS;
}

export type RateLimits = Record<RateLimitedAction, ActionLimits>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
  // One code a minute per address (a registration sends the first), as the worker mails them.
  verificationResend: {
    perIp: { max: 20, windowMs: 10 * MINUTE },
    perAccount: { max: 5, windowMs: 10 * MINUTE },
    spacing: { max: 1, windowMs: VERIFICATION_RESEND_INTERVAL_SECONDS * 1000 },
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
  // Codes cannot be guessed; the limit keeps anyone from scraping trainers' names. Per code
  // it is loose: a multi-use link may be opened by a whole group at once.
  invitationPreview: {
    perIp: { max: 30, windowMs: 10 * MINUTE },
    perAccount: { max: 300, windowMs: 10 * MINUTE },
  },
  // Signed-in writes, per account alone: a burst of 200 messages is a script, not a person.
  messageWrite: {
    perAccount: { max: 30, windowMs: MINUTE },
    perAccountDay: { max: 1000, windowMs: DAY },
  },
  commentWrite: {
    perAccount: { max: 30, windowMs: MINUTE },
    perAccountDay: { max: 1000, windowMs: DAY },
  },
  upload: {
    perAccount: { max: 20, windowMs: MINUTE },
    perAccountDay: { max: 200, windowMs: DAY },
  },
  checkInWrite: {
    perAccount: { max: 20, windowMs: MINUTE },
    perAccountDay: { max: 200, windowMs: DAY },
  },
};

/** The limits with those of signed-in writes multiplied by `scale` (load tests set it). */
export function scaleWriteLimits(limits: RateLimits, scale: number): RateLimits {
  if (scale === 1) return limits;
  const scaled = { ...limits };
  for (const action of Object.keys(WRITE_REFUSALS) as WriteAction[]) {
    const { perAccount, perAccountDay } = limits[action];
    scaled[action] = {
      perAccount: { ...perAccount, max: perAccount.max * scale },
      ...(perAccountDay && { perAccountDay: { ...perAccountDay, max: perAccountDay.max * scale } }),
    };
  }
  return scaled;
}

/**
 * Actions where only failures count: a success gives its attempts back, so people who sign
 * in often from one address never meet the limit. Counting happens before the attempt (and
 * the success returns it), so a burst in parallel is bounded all the same.
 */
const FAILURES_ONLY: ReadonlySet<RateLimitedAction> = new Set(['login', 'passwordChange']);

/**
 * How long, in seconds, an address the account signed in from skips the per-account ceiling.
 * Memory keeps each mark with a timer, and Node's timers end at 24.8 days.
 */
const KNOWN_ADDRESS_SECONDS = 24 * 24 * 60 * 60;

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
  counted: [RateLimiterAbstract, string][];
}

/** The limiters of one action, each keyed under `<namespace><action>:<what it counts>:`. */
interface ActionLimiters {
  perIp: RateLimiterAbstract | undefined;
  perAccount: RateLimiterAbstract;
  perAccountDay: RateLimiterAbstract | undefined;
  perAccountAndIp: RateLimiterAbstract | undefined;
  spacing: { limiter: RateLimiterAbstract; seconds: number } | undefined;
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
  const store: LimiterStore = options.redis ? redisStore(options.redis, app.log) : memoryStore;
  const namespace = options.namespace ?? 'forja:rate-limit:';
  const limiter = (prefix: string, rule: RateLimitRule) =>
    store.limiter(`${namespace}${prefix}`, rule.max, Math.max(1, Math.ceil(rule.windowMs / 1000)));
  const limiters = Object.fromEntries(
    Object.entries(options.limits).map(([action, limits]) => [
      action,
      {
        perIp: limits.perIp && limiter(`${action}:ip`, limits.perIp),
        perAccount: limiter(`${action}:account`, limits.perAccount),
        perAccountDay: limits.perAccountDay && limiter(`${action}:day`, limits.perAccountDay),
        perAccountAndIp:
          limits.perAccountAndIp && limiter(`${action}:pair`, limits.perAccountAndIp),
        spacing: limits.spacing && {
          limiter: limiter(`${action}:spacing`, limits.spacing),
          seconds: Math.max(1, Math.ceil(limits.spacing.windowMs / 1000)),
        },
      },
    ]),
  ) as Record<RateLimitedAction, ActionLimiters>;
  // Marks, not counts: one point that lasts as long as the mark.
  const known = store.limiter(`${namespace}known`, 1, KNOWN_ADDRESS_SECONDS);
  const attempts = new WeakMap<FastifyRequest, Attempt>();

  // Settles a guarded call once its answer is known, before it is sent.
  const settle = async (attempt: Attempt) => {
    if (FAILURES_ONLY.has(attempt.action)) {
      await Promise.all(attempt.counted.map(([counter, key]) => counter.reward(key)));
    }
    if (attempt.action === 'login') {
      await known.set(`${attempt.account}:${attempt.address}`, 1, KNOWN_ADDRESS_SECONDS);
    }
    // A reset proves the account is its owner's: the lock on signing in goes, and the address
    // the reset came from is one the account knows.
    if (attempt.action === 'passwordReset') {
      const { perAccount, perAccountAndIp } = limiters.login;
      await perAccount.delete(attempt.account);
      await perAccountAndIp?.delete(`${attempt.account}:${attempt.address}`);
      await known.set(`${attempt.account}:${attempt.address}`, 1, KNOWN_ADDRESS_SECONDS);
    }
    // A registration mails the first code: the next one waits as after a resend.
    const resendSpacing = limiters.verificationResend.spacing;
    if (attempt.action === 'registration' && resendSpacing) {
      await resendSpacing.limiter.set(attempt.account, 1, resendSpacing.seconds);
    }
  };
  // Every answer passes here, and nearly none was guarded: those go on without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const attempt = attempts.get(request);
    if (!attempt || reply.statusCode < 200 || reply.statusCode >= 300) {
      done(null, payload);
      return;
    }
    settle(attempt).then(
      () => {
        done(null, payload);
      },
      (error: unknown) => {
        done(error as Error);
      },
    );
  });

  const guard: RateLimitGuard = (action, accountOf) => {
    const { perIp, perAccount, perAccountDay, perAccountAndIp, spacing } = limiters[action];
    return async (request) => {
      // Asking where the counts are notes (and logs) Redis's return after an outage.
      store.kind();
      const account = accountOf(request).toLowerCase();
      const address = addressKey(request.ip);
      const rules: [RateLimiterAbstract, string][] = perIp ? [[perIp, address]] : [];
      if (spacing) rules.push([spacing.limiter, account]);
      if (perAccountAndIp) {
        rules.push([perAccountAndIp, `${account}:${address}`]);
        // The owner's usual addresses stay open when many others have failed on the account.
        if (!(await known.get(`${account}:${address}`))) rules.push([perAccount, account]);
      } else {
        rules.push([perAccount, account]);
      }
      if (perAccountDay) rules.push([perAccountDay, account]);
      // A call that gets through has been counted by every rule.
      attempts.set(request, { action, account, address, counted: rules });
      // One rule after the other: what the first refuses never reaches the next, so an
      // address already refused cannot use up the account's ceiling.
      for (const [counter, key] of rules) {
        try {
          await counter.consume(key);
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
          const headers = { 'retry-after': String(seconds) };
          // Whoever is refused signing in may be the owner, locked out by others' failures:
          // the answer says when, and how to get in at once (decision 099).
          if (action === 'login') {
            throw new AppError('loginLocked', {
              headers,
              message: `Demasiados intentos de inicio de sesión. Vuelve a intentarlo dentro de ${waitText(seconds)}. ${LOGIN_LOCKED_WAY_IN}`,
            });
          }
          if (isWriteAction(action)) {
            throw new AppError('writeRateLimited', {
              headers,
              message: `${WRITE_REFUSALS[action]}. Vuelve a intentarlo dentro de ${waitText(seconds)}.`,
            });
          }
          throw new AppError('tooManyRequests', { headers });
        }
      }
    };
  };

  return { guard, store: () => store.kind() };
}

/** How long to wait, in Spanish words: «45 segundos», «12 minutos», «1 hora», never less. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${String(seconds)} segundos`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${String(minutes)} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hora' : `${String(hours)} horas`;
}

/** The signed-in person, the account key of signed-in writes. */
export function signedInAccount(request: FastifyRequest): string {
  return requireUser(request).userId;
}

/** The e-mail of a validated body, the account key of most guarded calls. */
export function emailOfBody(request: FastifyRequest): string {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'email' in body) {
    return typeof body.email === 'string' ? body.email : '';
  }
  return '';
}
