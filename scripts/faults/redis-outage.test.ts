/**
 * Redis down, then up, under a steady stream of logins: answers stay 200/401/429 and fast,
 * the limits keep refusing past their maximum (in memory while Redis is away), the outage
 * is logged once, and the counts go back to Redis when it returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uniqueEmail, type Account } from './support/accounts';
import { report } from './support/figures';
import { call, Tally, type Answer } from './support/http';
import { createRedisInstance, type RedisInstance } from './support/redis-instance';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

/** Wrong passwords one address may try on one account (DEFAULT_RATE_LIMITS.login). */
const PER_ADDRESS_MAX = 10;
/** Clients signing in with the right password all along, each from addresses of its own. */
const STEADY_CLIENTS = 4;
/**
 * Far below the 20 s a login took while ioredis retried a Redis that was gone, and above
 * what four argon2 slots shared by the steady clients take on two busy cores.
 */
const SLOW_ANSWER_MS = 5_000;
const BACK_DEADLINE_MS = 15_000;

type Phase = 'up' | 'down' | 'back';

let database: ScratchDatabase | undefined;
let redis: RedisInstance | undefined;
let server: ApiServer | undefined;

beforeAll(async () => {
  database = await createScratchDatabase();
  redis = await createRedisInstance();
  await redis.start();
  server = await startServer({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    TRUST_PROXY: '1',
    // The outage's one warning is part of what is checked.
    LOG_LEVEL: 'warn',
  });
});

afterAll(async () => {
  await server?.stop();
  await redis?.stop();
  await database?.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Redis down, then up', () => {
  it('keeps answering fast with the limits on, logs the outage once and goes back to Redis', async () => {
    if (!server || !database || !redis) throw new Error('not started');
    const api = server.url;
    const instance = redis;
    const accounts: Account[] = [];
    for (let index = 0; index < STEADY_CLIENTS + 3; index += 1) {
      accounts.push(await signUp(api, database.client, { subscribed: false }));
    }
    const steady = accounts.slice(0, STEADY_CLIENTS);
    const targets = accounts.slice(STEADY_CLIENTS);

    const tally = new Tally();
    const wrong: string[] = [];
    const slowest: Record<Phase, number> = { up: 0, down: 0, back: 0 };
    let phase: Phase = 'up';
    let requests = 0;

    const login = async (email: string, password: string, address: string): Promise<Answer> => {
      const during = phase;
      const sentAt = Date.now();
      const answer = await call(api, 'POST', '/v0/auth/login/', {
        headers: { 'x-forwarded-for': address },
        body: { email, password },
      });
      slowest[during] = Math.max(slowest[during], Date.now() - sentAt);
      requests += 1;
      tally.add(answer.status);
      if (typeof answer.status !== 'number' || ![200, 401, 429].includes(answer.status)) {
        wrong.push(`${during}: ${answer.status}`);
      } else if (answer.status === 429 && !answer.headers?.get('retry-after')) {
        wrong.push(`${during}: 429 without Retry-After`);
      }
      return answer;
    };
    const health = async () => {
      const answer = await call(api, 'GET', '/v0/health/');
      requests += 1;
      tally.add(answer.status);
      return answer;
    };
    const rateLimitsIn = async () =>
      ((await health()).body as { data?: { rate_limits?: string } }).data?.rate_limits;

    // The steady stream: right passwords, each login from a new address.
    let running = true;
    let sent = 0;
    const stream = Promise.all(
      steady.map(async (account, client) => {
        while (running) {
          sent += 1;
          const answer = await login(account.email, PASSWORD, `10.70.${client}.${sent % 250}`);
          if (answer.status !== 200) wrong.push(`${phase}: right password got ${answer.status}`);
        }
      }),
    );

    /** Wrong passwords from one address until past the maximum: how many got through. */
    const attack = async (target: Account, address: string) => {
      const statuses: Answer['status'][] = [];
      for (let attempt = 0; attempt < PER_ADDRESS_MAX + 4; attempt += 1) {
        statuses.push((await login(target.email, `${PASSWORD}?`, address)).status);
      }
      const expected = [...Array<number>(PER_ADDRESS_MAX).fill(401), ...Array<number>(4).fill(429)];
      if (JSON.stringify(statuses) !== JSON.stringify(expected)) {
        wrong.push(`${phase}: wrong passwords answered ${statuses.join(' ')}`);
      }
      return statuses.filter((status) => status === 429).length;
    };

    let refused = 0;
    const [upTarget, downTarget, backTarget] = targets as [Account, Account, Account];
    expect(await rateLimitsIn()).toBe('redis');
    refused += await attack(upTarget, '10.71.0.1');

    phase = 'down';
    await instance.stop();
    await pause(300);
    refused += await attack(downTarget, '10.71.0.2');
    const duringOutage = await rateLimitsIn();

    // Without persistence the restarted Redis has forgotten every count, as after a crash.
    await instance.start();
    const restartedAt = Date.now();
    while ((await rateLimitsIn()) !== 'redis' && Date.now() - restartedAt < BACK_DEADLINE_MS) {
      await pause(100);
    }
    const backAfterMs = Date.now() - restartedAt;
    phase = 'back';
    refused += await attack(backTarget, '10.71.0.3');

    running = false;
    await stream;
    const fresh = await login(uniqueEmail('nadie'), PASSWORD, '10.72.0.1');
    const outageLines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('Redis unavailable'));

    report('redis outage', {
      requests,
      answers: tally.toString(),
      recordsChecked: 3 * (PER_ADDRESS_MAX + 4),
      recordsLost: wrong.length,
      extra: {
        'slowest answer ms (up, down, back)': `${slowest.up}, ${slowest.down}, ${slowest.back}`,
        'limits back in Redis after ms': backAfterMs,
        '429s past the maximum': refused,
      },
    });

    expect(wrong.slice(0, 10), 'answers other than due').toEqual([]);
    expect(tally.count((status) => status.startsWith('5'))).toBe(0);
    expect(duringOutage).toBe('memory');
    expect(backAfterMs).toBeLessThan(BACK_DEADLINE_MS);
    expect(fresh.status).toBe(401);
    expect(refused).toBe(12);
    expect(Math.max(slowest.up, slowest.down, slowest.back)).toBeLessThan(SLOW_ANSWER_MS);
    expect(outageLines, 'one warning for the outage').toHaveLength(1);
    expect(server.alive()).toBe(true);

    // A server stopped while Redis is down still shuts down cleanly.
    await instance.stop();
    expect(await server.stop(), 'clean exit with Redis down').toBe(true);
  });
});
