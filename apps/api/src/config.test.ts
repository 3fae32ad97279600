import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from './config';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('runs with nothing set: embedded database, dev outbox, local payments', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: '.data',
      smtpUrl: undefined,
      mailFrom: 'Forja <no-reply@localhost>',
      trialDays: 14,
      price: { premiumCents: 999, currency: 'eur' },
      redisUrl: undefined,
      trustProxy: false,
      corsOrigins: [],
      logLevel: 'info',
    });
    expect(config.payments.provider).toBe('local');
    expect(config.payments.webhookSecret).toMatch(/^whsec_.{20,}/);
  });

  it('derives the public address from the port and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://forja.example/' }).publicUrl).toBe(
      'https://forja.example',
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'localhost:25' }, 'SMTP_URL'],
    [{ PAYMENTS_PROVIDER: 'paypal' }, 'PAYMENTS_PROVIDER'],
    [{ PAYMENTS_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PRICE_PREMIUM'],
    [{ TRIAL_DAYS: '0' }, 'TRIAL_DAYS'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '*' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '::/0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.internal' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1000' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'production' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }, 'PAYMENTS_PROVIDER'],
    [
      { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', PAYMENTS_PROVIDER: 'local' },
      'PAYMENTS_PROVIDER',
    ],
    [{ NODE_ENV: 'production', ALLOW_EMBEDDED_ADAPTERS: 'maybe' }, 'ALLOW_EMBEDDED_ADAPTERS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PRICE_PREMIUM_CENTS: '9.99' }, 'PRICE_PREMIUM_CENTS'],
    [{ PRICE_CURRENCY: 'euro' }, 'PRICE_CURRENCY'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ CORS_ORIGINS: 'app.forja.example' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://app.forja.example/path' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS'],
  ])('refuses %o with one line naming %s', (env, variable) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(error.message).not.toContain('\n');
  });

  it('accepts a complete Stripe configuration', () => {
    const config = loadConfig({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PRICE_PREMIUM: 'price_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_123',
      pricePremium: 'price_123',
      webhookSecret: 'whsec_abc',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('says why trusting every proxy hop is refused', () => {
    expect(errorOf({ TRUST_PROXY: 'true' }).message).toBe(
      'Invalid configuration: TRUST_PROXY must be a hop count like 1 or proxy addresses, not true: trusting every hop lets clients choose their own address',
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,2001:db8::/32 ,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', 'loopback']);
  });

  it('starts in production with a real mailer and Stripe, or with the embedded ones by name', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example:587',
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_PRICE_PREMIUM: 'price_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(production).toMatchObject({ nodeEnv: 'production', smtpUrl: 'smtp://mail.example:587' });
    expect(production.payments.provider).toBe('stripe');

    const embedded = loadConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_ADAPTERS: 'true' });
    expect(embedded).toMatchObject({ nodeEnv: 'production', smtpUrl: undefined });
    expect(embedded.payments.provider).toBe('local');
  });

  it('reads the CORS origins as a comma-separated list of origins', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://app.forja.example, http://localhost:5173/' }).corsOrigins,
    ).toEqual(['https://app.forja.example', 'http://localhost:5173']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });
});

describe('Web Push configuration', () => {
  const keys = webpush.generateVAPIDKeys();
  const vapid = {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:avisos@forja.example',
  };

  it('is off with nothing set, in development and in production alike', () => {
    expect(loadConfig({}).push).toBeUndefined();
    const production = loadConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_ADAPTERS: 'true' });
    expect(production.push).toBeUndefined();
  });

  it('is on with the three VAPID variables, for the known push services', () => {
    expect(loadConfig(vapid).push).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:avisos@forja.example',
      endpointHosts: [
        'fcm.googleapis.com',
        'push.services.mozilla.com',
        'push.apple.com',
        'notify.windows.com',
      ],
    });
    const hosts = loadConfig({ ...vapid, PUSH_ENDPOINT_HOSTS: 'push.example, Push.Other.test' });
    expect(hosts.push?.endpointHosts).toEqual(['push.example', 'push.other.test']);
  });

  it('names the variable that is wrong or missing', () => {
    const other = webpush.generateVAPIDKeys();
    const cases: [Record<string, string>, string][] = [
      [
        { VAPID_PUBLIC_KEY: keys.publicKey },
        'Invalid configuration: VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set (Web Push needs all three VAPID variables)',
      ],
      [
        { ...vapid, VAPID_SUBJECT: '' },
        'Invalid configuration: VAPID_SUBJECT is required when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set (Web Push needs all three VAPID variables)',
      ],
      [
        { ...vapid, VAPID_PUBLIC_KEY: 'abc' },
        'Invalid configuration: VAPID_PUBLIC_KEY must be a P-256 public key in base64url (65 bytes, 87 characters) as printed by `npx web-push generate-vapid-keys`',
      ],
      [
        { ...vapid, VAPID_PRIVATE_KEY: keys.publicKey },
        'Invalid configuration: VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes, 43 characters) as printed by `npx web-push generate-vapid-keys`',
      ],
      [
        { ...vapid, VAPID_PRIVATE_KEY: other.privateKey },
        'Invalid configuration: VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY',
      ],
      [
        { ...vapid, VAPID_SUBJECT: 'avisos@forja.example' },
        'Invalid configuration: VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you',
      ],
      [
        { ...vapid, PUSH_ENDPOINT_HOSTS: 'https://push.example/' },
        'Invalid configuration: PUSH_ENDPOINT_HOSTS must be host names like fcm.googleapis.com, separated by commas',
      ],
      ...['127.0.0.1', 'push.example, ::1', 'localhost', '10.0.0.1.example, 192.168.1.1'].map(
        (hosts): [Record<string, string>, string] => [
          { ...vapid, PUSH_ENDPOINT_HOSTS: hosts },
          'Invalid configuration: PUSH_ENDPOINT_HOSTS must be host names like fcm.googleapis.com, separated by commas',
        ],
      ),
    ];
    for (const [env, message] of cases) expect(errorOf(env).message).toBe(message);
  });
});
