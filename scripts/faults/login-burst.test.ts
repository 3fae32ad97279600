/**
 * 1000 parallel logins: only 200/401/429 and bounded memory. Right and wrong passwords,
 * known and unknown e-mails, from many addresses and from one that sends a third of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uniqueEmail, type Account } from './support/accounts';
import { envelopeProblem } from './support/envelope';
import { report } from './support/figures';
import { call, Tally, type Answer } from './support/http';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

const LOGINS = 1000;
/**
 * The server idles at about 100-150 MiB. argon2id holds 19 MiB per hash and at most four
 * run at once (`hashingSlots`), about 80 MiB; a thousand open requests add a few tens of
 * MiB. 400 MiB leaves room for all of that and the garbage collector's slack, and is far
 * below what hashing without a bound would take (a thousand hashes at once: 19 GiB).
 */
const PEAK_MEMORY_BOUND_MIB = 400;
/**
 * Logins queue for the hashing slots by design, so the last of a burst waits for the
 * hashes before it; the web client's 10 s is not meant for a thousand calls at once.
 */
const BURST_TIMEOUT_MS = 90_000;
const KNOWN_ACCOUNTS = 5;
/** One address sends this many; the others are spread over many addresses. */
const FROM_ONE_ADDRESS = 300;

type Kind = 'right password' | 'wrong password' | 'unknown e-mail';

let database: ScratchDatabase | undefined;
let server: ApiServer | undefined;

beforeAll(async () => {
  database = await createScratchDatabase();
  server = await startServer({ DATABASE_URL: database.url, TRUST_PROXY: '1' });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('1000 parallel logins', () => {
  it('answers only 200, 401 or 429, with bounded memory, and goes on working', async () => {
    if (!server || !database) throw new Error('not started');
    const api = server.url;
    const db = database.client;
    const known: Account[] = [];
    for (let index = 0; index < KNOWN_ACCOUNTS; index += 1) {
      known.push(await signUp(api, db, { headers: { 'x-forwarded-for': `10.40.0.${index}` } }));
    }
    // Kept out of the burst, for the calls after it.
    const bystander = await signUp(api, db, { headers: { 'x-forwarded-for': '10.40.0.99' } });

    const logins = Array.from({ length: LOGINS }, (_, index) => {
      const kind: Kind =
        index % 5 < 2 ? 'right password' : index % 5 === 2 ? 'wrong password' : 'unknown e-mail';
      const account = known[index % KNOWN_ACCOUNTS] as Account;
      const email = kind === 'unknown e-mail' ? uniqueEmail('nadie') : account.email;
      const password = kind === 'right password' ? PASSWORD : `${PASSWORD}?`;
      const address =
        index < FROM_ONE_ADDRESS ? '10.41.0.1' : `10.42.${Math.floor(index / 200)}.${index % 200}`;
      return { kind, email, password, address };
    });

    const memoryBefore = server.peakMemoryMiB();
    const tally = new Tally();
    const wrong: string[] = [];
    const slowest = { ms: 0 };
    const started = Date.now();
    const answers: Answer[] = await Promise.all(
      logins.map(async (login) => {
        const sentAt = Date.now();
        const answer = await call(api, 'POST', '/v0/auth/login/', {
          headers: { 'x-forwarded-for': login.address },
          body: { email: login.email, password: login.password },
          timeoutMs: BURST_TIMEOUT_MS,
        });
        slowest.ms = Math.max(slowest.ms, Date.now() - sentAt);
        tally.add(answer.status);
        const allowed = login.kind === 'right password' ? [200, 429] : [401, 429];
        if (typeof answer.status !== 'number' || !allowed.includes(answer.status)) {
          wrong.push(`${login.kind}: ${answer.status}`);
        } else if (answer.status !== 200 && envelopeProblem(answer)) {
          wrong.push(`${login.kind}: ${answer.status} ${envelopeProblem(answer) ?? ''}`);
        } else if (answer.status === 429 && !answer.headers?.get('retry-after')) {
          wrong.push(`${login.kind}: 429 without Retry-After`);
        }
        return answer;
      }),
    );
    const burstMs = Date.now() - started;
    const memoryPeak = server.peakMemoryMiB();

    // A wrong password and an unknown e-mail look the same from outside.
    const refusals = new Set(
      answers
        .filter((answer) => answer.status === 401)
        .map((answer) => JSON.stringify(answer.body)),
    );

    // Afterwards: health, a fresh login, an ordinary signed-in call.
    const health = await call(api, 'GET', '/v0/health/');
    const login = await call(api, 'POST', '/v0/auth/login/', {
      headers: { 'x-forwarded-for': '10.43.0.1' },
      body: { email: bystander.email, password: PASSWORD },
    });
    const token = (login.body as { data?: { access_token?: string } }).data?.access_token;
    const day = await call(api, 'GET', '/v0/diary/days/2026-03-02/', { token });
    const sameSession = await call(api, 'GET', '/v0/users/', { token: known[0]?.token });

    report('login burst', {
      requests: LOGINS,
      answers: tally.toString(),
      recordsChecked: LOGINS,
      recordsLost: wrong.length,
      extra: {
        'peak memory MiB (before, after; bound)': `${memoryBefore ?? '?'}, ${memoryPeak ?? '?'}; ${PEAK_MEMORY_BOUND_MIB}`,
        'burst ms': burstMs,
        'slowest answer ms': slowest.ms,
      },
    });

    expect(wrong.slice(0, 10), 'answers other than 200/401/429 as due').toEqual([]);
    expect(tally.count((status) => status === '200')).toBeGreaterThan(0);
    expect(tally.count((status) => status === '401')).toBeGreaterThan(0);
    expect(tally.count((status) => status === '429')).toBeGreaterThan(0);
    expect(refusals.size, 'one 401 answer for wrong passwords and unknown e-mails').toBe(1);
    expect(memoryPeak, 'peak resident memory (MiB)').toBeLessThan(PEAK_MEMORY_BOUND_MIB);
    expect(server.alive()).toBe(true);
    expect(health.status).toBe(200);
    expect(login.status).toBe(200);
    expect(day.status).toBe(200);
    expect(sameSession.status).toBe(200);
  });
});
