import { TERMS_VERSION, VERIFICATION_RESEND_INTERVAL_SECONDS } from '@forja/shared/constants';
import { spawn, type ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createUser,
  lastMailTo,
  mailsTo,
  PASSWORD,
  resetTokenIn,
  signIn,
  uniqueEmail,
} from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { freePort } from '#test/ports';
import { addressKey } from './client-address';
import { DEFAULT_RATE_LIMITS } from './rate-limit';
import { createRateLimitRedis } from './rate-limit-store';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const WRONG = 'no es la contraseña';

function login(app: TestContext['app'], email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/v0/auth/login/',
    remoteAddress,
    payload: { email, password },
  });
}

describe('the client address', () => {
  it('keys IPv4 as it is, IPv4-mapped IPv6 as IPv4 and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts two addresses of one IPv6 /64 together, and IPv4-mapped with IPv4', async () => {
    const limited = await createTestContext({
      database: ctx.database,
      build: {
        rateLimits: {
          login: {
            perIp: { max: 1, windowMs: 60_000 },
            perAccount: { max: 100, windowMs: 60_000 },
          },
        },
      },
    });
    try {
      const attempt = (remoteAddress: string) =>
        login(limited.app, uniqueEmail(), WRONG, remoteAddress);
      expect((await attempt('2001:db8:5:6::1')).statusCode).toBe(401);
      expect((await attempt('2001:db8:5:6:a:b:c:d')).statusCode).toBe(429);
      // The next /64 is someone else.
      expect((await attempt('2001:db8:5:7::1')).statusCode).toBe(401);

      expect((await attempt('::ffff:198.51.100.77')).statusCode).toBe(401);
      expect((await attempt('198.51.100.77')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('behind a proxy', () => {
  const rateLimits = {
    login: { perIp: { max: 2, windowMs: 60_000 }, perAccount: { max: 1_000, windowMs: 60_000 } },
  };
  const attempt = (app: TestContext['app'], forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/v0/auth/login/',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: uniqueEmail(), password: WRONG },
    });

  it.each([
    ['a hop count', '1'],
    ['the proxy addresses', '10.0.0.0/8'],
  ])(
    'with %s, a forged left-most X-Forwarded-For entry does not escape the limit',
    async (_name, trustProxy) => {
      const proxied = await createTestContext({
        database: ctx.database,
        env: { TRUST_PROXY: trustProxy },
        build: { rateLimits },
      });
      try {
        // The load balancer appends the address it saw: the right-most entry.
        expect((await attempt(proxied.app, '203.0.113.60')).statusCode).toBe(401);
        expect((await attempt(proxied.app, '203.0.113.60')).statusCode).toBe(401);
        for (let forged = 1; forged <= 20; forged += 1) {
          const res = await attempt(proxied.app, `198.51.100.${forged}, 203.0.113.60`);
          expect(res.statusCode, `forged entry ${forged}`).toBe(429);
        }
        // Another client behind the same proxy has its own allowance.
        expect((await attempt(proxied.app, '203.0.113.61')).statusCode).toBe(401);
      } finally {
        await proxied.close();
      }
    },
  );
});

describe('login: the owner is not locked out', () => {
  const withDefaults = () =>
    createTestContext({
      database: ctx.database,
      build: { rateLimits: { login: DEFAULT_RATE_LIMITS.login } },
    });

  it('after ten wrong passwords from one address, the owner signs in from another', async () => {
    const limited = await withDefaults();
    try {
      const owner = await createUser(limited);
      const attacker = '203.0.113.70';
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const res = await login(limited.app, owner.email, WRONG, attacker);
        expect(res.statusCode, `wrong password ${attempt}`).toBe(401);
      }
      const blocked = await login(limited.app, owner.email, WRONG, attacker);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      const fromHome = await login(limited.app, owner.email, PASSWORD, '198.51.100.70');
      expect(fromHome.statusCode).toBe(200);
      // The attacker's address stays limited, with the right password too.
      expect((await login(limited.app, owner.email, WRONG, attacker)).statusCode).toBe(429);
      expect((await login(limited.app, owner.email, PASSWORD, attacker)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts failures, not successes: signing in often from one address is never limited', async () => {
    const limited = await withDefaults();
    try {
      const owner = await createUser(limited);
      for (let attempt = 1; attempt <= 15; attempt += 1) {
        const res = await login(limited.app, owner.email, PASSWORD, '198.51.100.71');
        expect(res.statusCode, `sign-in ${attempt}`).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('bounds an attack from many addresses by a per-account ceiling, which the owner’s usual address skips', async () => {
    const limited = await withDefaults();
    try {
      const owner = await createUser(limited);
      const home = '198.51.100.72';
      expect((await login(limited.app, owner.email, PASSWORD, home)).statusCode).toBe(200);

      const ceiling = DEFAULT_RATE_LIMITS.login.perAccount.max;
      for (let attempt = 0; attempt < ceiling; attempt += 1) {
        const address = `10.72.${Math.floor(attempt / 5)}.${attempt % 5}`;
        const res = await login(limited.app, owner.email, WRONG, address);
        expect(res.statusCode, `wrong password ${attempt + 1} from ${address}`).toBe(401);
      }
      // Past the ceiling, a fresh address is refused whatever it sends.
      expect((await login(limited.app, owner.email, WRONG, '10.73.0.1')).statusCode).toBe(429);
      expect((await login(limited.app, owner.email, PASSWORD, '10.73.0.2')).statusCode).toBe(429);
      // The address the owner signed in from still works.
      expect((await login(limited.app, owner.email, PASSWORD, home)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('login: a locked account tells its owner how to get in', () => {
  it('says when to retry and to reset the password, and a reset lets the owner in at once', async () => {
    const limited = await createTestContext({
      database: ctx.database,
      build: { rateLimits: { login: DEFAULT_RATE_LIMITS.login } },
    });
    try {
      const owner = await createUser(limited);
      const ceiling = DEFAULT_RATE_LIMITS.login.perAccount.max;
      for (let attempt = 0; attempt < ceiling; attempt += 1) {
        const address = `10.90.${Math.floor(attempt / 5)}.${attempt % 5}`;
        expect((await login(limited.app, owner.email, WRONG, address)).statusCode).toBe(401);
      }
      // The owner, from an address the account has not seen, is refused.
      const newPhone = '198.51.100.90';
      const locked = await login(limited.app, owner.email, PASSWORD, newPhone);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3000);
      expect(locked.json()).toEqual({
        status: 429,
        data: {
          error: 'too many requests',
          message:
            'Demasiados intentos de inicio de sesión. Vuelve a intentarlo dentro de 1 hora. Si eres tú, restablece tu contraseña con «¿Olvidaste tu contraseña?» para entrar ya.',
        },
      });

      // The reset link, asked for and used from that phone.
      const trigger = await limited.app.inject({
        method: 'POST',
        url: '/v0/users/password-reset/triggers/',
        remoteAddress: newPhone,
        payload: { email: owner.email },
      });
      expect(trigger.statusCode).toBe(200);
      const token = resetTokenIn(await lastMailTo(limited, owner.email));
      const newPassword = 'otra clave larga para Lucía';
      const reset = await limited.app.inject({
        method: 'POST',
        url: '/v0/users/password-reset/',
        remoteAddress: newPhone,
        payload: { email: owner.email, token, password: newPassword },
      });
      expect(reset.statusCode).toBe(200);

      // In at once, from that phone and from any other address of the owner's.
      expect((await login(limited.app, owner.email, newPassword, newPhone)).statusCode).toBe(200);
      expect((await login(limited.app, owner.email, newPassword, '198.51.100.91')).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('password reset links: a flood for a victim', () => {
  it('does not silence the victim’s own address and mails a bounded number of links', async () => {
    const limited = await createTestContext({
      database: ctx.database,
      build: {
        rateLimits: {
          login: DEFAULT_RATE_LIMITS.login,
          passwordResetTrigger: DEFAULT_RATE_LIMITS.passwordResetTrigger,
        },
      },
    });
    try {
      const victim = await createUser(limited);
      const home = '198.51.100.80';
      expect((await login(limited.app, victim.email, PASSWORD, home)).statusCode).toBe(200);
      const trigger = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/v0/users/password-reset/triggers/',
          remoteAddress,
          payload: { email: victim.email },
        });

      const { perAccountAndIp, perAccount } = DEFAULT_RATE_LIMITS.passwordResetTrigger;
      const perAddress = perAccountAndIp?.max ?? 0;
      let accepted = 0;
      // One address first, then many.
      for (let attempt = 0; attempt < perAddress + 2; attempt += 1) {
        if ((await trigger('203.0.113.80')).statusCode === 200) accepted += 1;
      }
      expect(accepted).toBe(perAddress);
      for (let attempt = 0; attempt < 2 * perAccount.max; attempt += 1) {
        const res = await trigger(`10.80.${attempt}.1`);
        expect([200, 429]).toContain(res.statusCode);
        if (res.statusCode === 200) accepted += 1;
      }
      expect(accepted).toBe(perAccount.max);
      expect(await mailsTo(limited, victim.email)).toHaveLength(perAccount.max);

      // The victim asks from home and gets a link.
      expect((await trigger(home)).statusCode).toBe(200);
      expect(await mailsTo(limited, victim.email)).toHaveLength(perAccount.max + 1);
    } finally {
      await limited.close();
    }
  });
});

describe('password change', () => {
  it('limits wrong current passwords per account and per address, with Retry-After', async () => {
    const limited = await createTestContext({
      database: ctx.database,
      build: {
        rateLimits: {
          passwordChange: {
            perIp: { max: 3, windowMs: 60_000 },
            perAccount: { max: 2, windowMs: 60_000 },
          },
        },
      },
    });
    try {
      const change = async (
        userId: string,
        currentPassword: string,
        remoteAddress: string,
        password = 'una clave nueva y larga',
      ) => {
        const session = await signIn(limited, userId);
        return limited.app.inject({
          method: 'POST',
          url: '/v0/users/password-change/',
          remoteAddress,
          headers: auth(session.access_token),
          payload: { current_password: currentPassword, password },
        });
      };

      // Per account: a stolen token tried from several addresses.
      const victim = await createUser(limited);
      expect((await change(victim.id, WRONG, '203.0.113.90')).statusCode).toBe(401);
      expect((await change(victim.id, WRONG, '203.0.113.91')).statusCode).toBe(401);
      const blocked = await change(victim.id, PASSWORD, '203.0.113.92');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json()).toMatchObject({ status: 429, data: { error: 'too many requests' } });

      // Per address: several accounts from one address.
      const address = '198.51.100.93';
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const someone = await createUser(limited);
        expect((await change(someone.id, WRONG, address)).statusCode).toBe(401);
      }
      const another = await createUser(limited);
      expect((await change(another.id, WRONG, address)).statusCode).toBe(429);

      // Successes do not count.
      const owner = await createUser(limited);
      let current = PASSWORD;
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const next = `una clave nueva y larga ${attempt}`;
        const res = await change(owner.id, current, '198.51.100.94', next);
        expect(res.statusCode, `change ${attempt}`).toBe(200);
        current = next;
      }
    } finally {
      await limited.close();
    }
  });
});

/** A redis-server of this test's own on a free port; the shared one is never touched. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = createRateLimitRedis(`redis://127.0.0.1:${port}`);
  try {
    const deadline = Date.now() + 10_000;
    while (probe.status !== 'ready') {
      if (child.exitCode !== null) throw new Error('redis-server exited');
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    probe.disconnect();
  }
  return child;
}

async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('with Redis unavailable', () => {
  const rateLimits = {
    login: { perIp: { max: 1_000, windowMs: 60_000 }, perAccount: { max: 3, windowMs: 60_000 } },
  };

  it('answers fast and still limits, in memory, when Redis never answers', async () => {
    const redis = createRateLimitRedis(`redis://127.0.0.1:${await freePort()}`);
    const limited = await createTestContext({
      database: ctx.database,
      redis,
      build: { rateLimits },
    });
    try {
      const email = uniqueEmail('sin-redis');
      const started = Date.now();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push((await login(limited.app, email, WRONG, '203.0.113.100')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect(Date.now() - started).toBeLessThan(5_000);
      const health = await limited.app.inject({ method: 'GET', url: '/v0/health/' });
      expect(health.json()).toMatchObject({
        status: 200,
        data: { status: 'ok', database: 'ok', rate_limits: 'memory' },
      });
    } finally {
      await limited.close();
      redis.disconnect();
    }
  });

  it('falls back to memory when Redis stops, says so once, and goes back to Redis', async () => {
    const port = await freePort();
    let server = await startRedis(port);
    const redis = createRateLimitRedis(`redis://127.0.0.1:${port}`);
    const lines: string[] = [];
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const limited = await createTestContext({
      database: ctx.database,
      redis,
      build: { rateLimits, logger: { level: 'info', stream: logs } },
    });
    const health = async () =>
      (await limited.app.inject({ method: 'GET', url: '/v0/health/' })).json<{
        data: { rate_limits: string };
      }>().data.rate_limits;
    try {
      while (redis.status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await health()).toBe('redis');
      const before = uniqueEmail('antes');
      expect((await login(limited.app, before, WRONG, '203.0.113.101')).statusCode).toBe(401);
      expect(await redis.keys('forja:rate-limit:login:*')).not.toEqual([]);

      await stopRedis(server);
      const email = uniqueEmail('caida');
      const started = Date.now();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push((await login(limited.app, email, WRONG, '203.0.113.102')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await health()).toBe('memory');
      const warnings = lines.filter((line) => line.includes('Redis unavailable'));
      expect(warnings).toHaveLength(1);

      server = await startRedis(port);
      const deadline = Date.now() + 10_000;
      while ((await health()) !== 'redis' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await health()).toBe('redis');
      expect(lines.filter((line) => line.includes('Redis is back'))).toHaveLength(1);
      const after = uniqueEmail('despues');
      expect((await login(limited.app, after, WRONG, '203.0.113.103')).statusCode).toBe(401);
      expect(await redis.keys(`forja:rate-limit:login:account:${after}`)).toHaveLength(1);
    } finally {
      await limited.close();
      redis.disconnect();
      await stopRedis(server);
    }
  }, 30_000);
});

describe('the spacing of verification codes', () => {
  const resendPath = '/v0/users/registrations/email-verifications/resend/';

  it('refuses a second code within a minute of the first, saying how long is left', async () => {
    const spaced = await createTestContext({
      database: ctx.database,
      build: {
        rateLimits: { verificationResend: DEFAULT_RATE_LIMITS.verificationResend },
      },
    });
    try {
      const resend = (email: string) =>
        spaced.app.inject({ method: 'POST', url: resendPath, payload: { email } });

      // A registration mails the first code, so a resend straight after waits too.
      const registered = uniqueEmail();
      const registration = await spaced.app.inject({
        method: 'POST',
        url: '/v0/users/registrations/',
        payload: {
          email: registered,
          password: 'una contraseña larga',
          first_name: 'Ana',
          last_name: 'Ruiz',
          country: 'ES',
          terms_version: TERMS_VERSION,
        },
      });
      expect(registration.statusCode).toBeLessThan(300);
      const refused = await resend(registered);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(VERIFICATION_RESEND_INTERVAL_SECONDS);

      // Without a registration, the first resend goes through and the second waits.
      const other = uniqueEmail();
      expect((await resend(other)).statusCode).toBeLessThan(300);
      expect((await resend(other)).statusCode).toBe(429);
      // Another address is not held up.
      expect((await resend(uniqueEmail())).statusCode).toBeLessThan(300);
    } finally {
      await spaced.close();
    }
  });
});
