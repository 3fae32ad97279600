import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable of the configuration table is parsed
 * here once; a bad value stops the start with one line naming the variable.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int({ error: 'must be a whole port number' })
  .min(1, { error: 'must be between 1 and 65535' })
  .max(65535, { error: 'must be between 1 and 65535' });

function urlWithProtocols(protocols: string[], example: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL like ${example}` },
  );
}

/** Origins (scheme, host and port, nothing else) that may call the API from a browser. */
const originList = z.string().transform((value, context) => {
  const origins: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const bare = url && ['http:', 'https:'].includes(url.protocol) && url.pathname === '/';
    if (!url || !bare || url.search || url.hash || url.username) {
      context.addIssue({
        code: 'custom',
        message: 'must be origins like https://app.forja.example, separated by commas',
      });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/** Names proxy-addr (Fastify's trustProxy) knows for whole private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  // A zero-length prefix would trust every address, which is what this setting must not do.
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may speak for the client: a hop count (`1` behind one load balancer) or the
 * proxies' addresses. Trusting every hop would let anyone write their own address into
 * X-Forwarded-For, so `true` is refused; `false` or `0` (the default) trust none.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0' || text === 'no') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 16) return hops;
  }
  const entries = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (entries.length > 0 && !/^\d+$/.test(text) && entries.every(isProxyAddress)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      text === 'true' || text === 'yes' || text === '*'
        ? 'must be a hop count like 1 or proxy addresses, not true: trusting every hop lets clients choose their own address'
        : 'must be a hop count from 1 to 16 or proxy addresses or CIDR ranges separated by commas, like 10.0.0.0/8',
  });
  return z.NEVER;
});

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://forja.example').optional(),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://user:pass@host:5432/db',
  ).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587').optional(),
  MAIL_FROM: z.string().min(3).default('Forja <no-reply@localhost>'),
  PAYMENTS_PROVIDER: z
    .enum(['local', 'stripe'], { error: 'must be local or stripe' })
    .default('local'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { error: 'must start with sk_ or rk_' })
    .optional(),
  STRIPE_PRICE_PREMIUM: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { error: 'must start with whsec_' })
    .optional(),
  STRIPE_API_BASE: urlWithProtocols(['http:', 'https:'], 'http://127.0.0.1:12111').optional(),
  TRIAL_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be between 1 and 365' })
    .max(365, { error: 'must be between 1 and 365' })
    .default(14),
  PRICE_PREMIUM_CENTS: z.coerce
    .number({ error: 'must be a price in cents' })
    .int({ error: 'must be a whole number of cents' })
    .min(0, { error: 'must be zero or more cents' })
    .default(999),
  PRICE_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter ISO 4217 code like eur' })
    .transform((value) => value.toLowerCase())
    .default('eur'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  TRUST_PROXY: trustProxy.default(false),
  ALLOW_EMBEDDED_ADAPTERS: booleanFlag.default(false),
  CORS_ORIGINS: originList.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export type Environment = Record<string, string | undefined>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  payments:
    | { provider: 'local'; webhookSecret: string }
    | {
        provider: 'stripe';
        secretKey: string;
        pricePremium: string;
        webhookSecret: string;
        apiBase: string | undefined;
      };
  trialDays: number;
  /** What the premium plan costs per month, as shown on the plans screen and charged locally. */
  price: { premiumCents: number; currency: string };
  redisUrl: string | undefined;
  /** Fastify's trustProxy: none, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** Other origins whose pages may call the API; none by default (same origin only). */
  corsOrigins: string[];
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** Treats empty strings as unset, as shells and .env files commonly produce them. */
function withoutEmpty(env: Environment): Environment {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

export function loadConfig(env: Environment = process.env): Config {
  const parsed = environmentSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'is invalid');
  }
  const e = parsed.data;

  // In production the development outbox and the local checkout would mean mail that never
  // leaves and premium for free, so they need to be asked for by name.
  if (e.NODE_ENV === 'production' && !e.ALLOW_EMBEDDED_ADAPTERS) {
    if (!e.SMTP_URL) {
      throw new ConfigError(
        'SMTP_URL',
        'is required in production (or set ALLOW_EMBEDDED_ADAPTERS=true to keep mail in the development outbox)',
      );
    }
    if (e.PAYMENTS_PROVIDER !== 'stripe') {
      throw new ConfigError(
        'PAYMENTS_PROVIDER',
        'must be stripe in production (or set ALLOW_EMBEDDED_ADAPTERS=true to use the local checkout)',
      );
    }
  }

  let payments: Config['payments'];
  if (e.PAYMENTS_PROVIDER === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) {
      throw new ConfigError('STRIPE_SECRET_KEY', 'is required when PAYMENTS_PROVIDER=stripe');
    }
    if (!e.STRIPE_PRICE_PREMIUM) {
      throw new ConfigError('STRIPE_PRICE_PREMIUM', 'is required when PAYMENTS_PROVIDER=stripe');
    }
    if (!e.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required when PAYMENTS_PROVIDER=stripe');
    }
    payments = {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      pricePremium: e.STRIPE_PRICE_PREMIUM,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    };
  } else {
    payments = {
      provider: 'local',
      // The local checkout signs its own events, so a fresh secret per start is enough.
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64url')}`,
    };
  }

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    payments,
    trialDays: e.TRIAL_DAYS,
    price: { premiumCents: e.PRICE_PREMIUM_CENTS, currency: e.PRICE_CURRENCY },
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS ?? [],
    logLevel: e.LOG_LEVEL,
  };
}
