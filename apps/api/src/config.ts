import { createECDH, randomBytes } from 'node:crypto';
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

/** Bytes of a base64url text, or undefined when it is not base64url. */
function base64urlBytes(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+=*$/.test(value)) return undefined;
  return Buffer.from(value, 'base64url');
}

const VAPID_HELP = 'as printed by `npx web-push generate-vapid-keys`';

const vapidPublicKey = z.string().refine(
  (value) => {
    const bytes = base64urlBytes(value);
    return bytes?.length === 65 && bytes[0] === 0x04;
  },
  { error: `must be a P-256 public key in base64url (65 bytes, 87 characters) ${VAPID_HELP}` },
);

const vapidPrivateKey = z.string().refine((value) => base64urlBytes(value)?.length === 32, {
  error: `must be a P-256 private key in base64url (32 bytes, 43 characters) ${VAPID_HELP}`,
});

const vapidSubject = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'mailto:' && url.pathname.includes('@')) || url.protocol === 'https:'
      );
    } catch {
      return false;
    }
  },
  { error: 'must be a mailto: address or an https: URL where push services can reach you' },
);

/** Host names (and their subdomains) of the push services browsers use. */
const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

const hostList = z.string().transform((value, context) => {
  const hosts = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  // Plain DNS names only: a push service is never an IP address, and its last label is a word.
  const valid = (host: string) =>
    isIP(host) === 0 &&
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(
      host,
    );
  if (hosts.length === 0 || !hosts.every(valid)) {
    context.addIssue({
      code: 'custom',
      message: 'must be host names like fcm.googleapis.com, separated by commas',
    });
    return z.NEVER;
  }
  return hosts;
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
  WRITE_LIMITS_SCALE: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int({ error: 'must be a whole number from 1 to 1000' })
    .min(1, { error: 'must be a whole number from 1 to 1000' })
    .max(1000, { error: 'must be a whole number from 1 to 1000' })
    .default(1),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  TRUST_PROXY: trustProxy.default(false),
  ALLOW_EMBEDDED_ADAPTERS: booleanFlag.default(false),
  CORS_ORIGINS: originList.optional(),
  VAPID_PUBLIC_KEY: vapidPublicKey.optional(),
  VAPID_PRIVATE_KEY: vapidPrivateKey.optional(),
  VAPID_SUBJECT: vapidSubject.optional(),
  PUSH_ENDPOINT_HOSTS: hostList.optional(),
  OPERATIONS_TOKEN: z
    .string()
    .regex(/^\S{32,200}$/, { error: 'must be 32 to 200 characters without spaces' })
    .optional(),
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
  /** Multiplies the per-account limits of signed-in writes: load tests, never people. */
  writeLimitsScale: number;
  /** The operator's bearer token for `GET /v0/operations/jobs/`; without it, no such read. */
  operationsToken: string | undefined;
  redisUrl: string | undefined;
  /** Fastify's trustProxy: none, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** Other origins whose pages may call the API; none by default (same origin only). */
  corsOrigins: string[];
  /** Web Push (decision 062): off without VAPID keys. */
  push:
    | {
        publicKey: string;
        privateKey: string;
        subject: string;
        /** Push services a subscription may point at (a host or any of its subdomains). */
        endpointHosts: string[];
      }
    | undefined;
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
    writeLimitsScale: e.WRITE_LIMITS_SCALE,
    operationsToken: e.OPERATIONS_TOKEN,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS ?? [],
    push: pushConfig(e),
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * Web Push needs the three VAPID variables together, and a private key that belongs to the
 * public one. None of them means push is off (never keys made up at start: subscriptions
 * made with them would die at the next start).
 */
function pushConfig(e: z.infer<typeof environmentSchema>): Config['push'] {
  const given = {
    VAPID_PUBLIC_KEY: e.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: e.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: e.VAPID_SUBJECT,
  };
  const set = Object.entries(given).filter(([, value]) => value !== undefined);
  if (set.length === 0) return undefined;
  const missing = Object.entries(given).find(([, value]) => value === undefined);
  if (missing) {
    throw new ConfigError(
      missing[0],
      `is required when ${set.map(([name]) => name).join(' and ')} ${set.length > 1 ? 'are' : 'is'} set (Web Push needs all three VAPID variables)`,
    );
  }
  const {
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKey,
    VAPID_SUBJECT: subject,
  } = given as Record<keyof typeof given, string>;
  let derived: Buffer | undefined;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    derived = ecdh.getPublicKey();
  } catch {
    derived = undefined;
  }
  if (!derived?.equals(Buffer.from(publicKey, 'base64url'))) {
    throw new ConfigError('VAPID_PRIVATE_KEY', 'does not belong to VAPID_PUBLIC_KEY');
  }
  return {
    publicKey,
    privateKey,
    subject,
    endpointHosts: e.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_HOSTS,
  };
}
