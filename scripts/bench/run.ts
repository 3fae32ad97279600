/**
 * npm run bench: measures the built app on PostgreSQL and prints one table, also written to
 * docs/performance.md. Every speed figure stands next to a baseline measured in the same run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { seedYearOfDiary } from './diary-data';
import { peakMemoryMiB, startProcess, type Started } from './processes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = join(root, 'apps/api/dist/server.js');
const bareEntry = join(root, 'scripts/bench/bare-server.ts');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(
  url: string,
  connections: number,
  token?: string,
  seconds = duration,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: token ? { authorization: `Token ${token}` } : {},
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function json(res: Response): Promise<{ status: number; data: Record<string, unknown> }> {
  return (await res.json()) as { status: number; data: Record<string, unknown> };
}

async function signedInUser(api: string, db: pg.Client) {
  const email = `bench.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'una contraseña de prueba';
  const registration = await fetch(`${api}/v0/users/registrations/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      first_name: 'Lucía',
      last_name: 'Benítez',
      country: 'ES',
    }),
  });
  if (registration.status !== 201) throw new Error(`registration: ${registration.status}`);
  // Verification needs the e-mailed code; the benchmark marks the account verified directly.
  await db.query('update users set enabled = true where lower(email) = lower($1)', [email]);
  const login = await fetch(`${api}/v0/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await json(login);
  const token = body.data.access_token;
  const refresh = body.data.refresh_token;
  if (typeof token !== 'string' || typeof refresh !== 'string') {
    throw new Error(`login: ${login.status}`);
  }
  // A paid month, as a completed checkout would leave it, so the app's screens open.
  await db.query(
    `insert into subscriptions (user_id, plan, status, start_date, end_date, stripe_subscription_id)
     select id, 'premium-trainee', 'active', now(), now() + interval '30 days', 'sub_bench'
     from users where lower(email) = lower($1)`,
    [email],
  );
  return { email, password, token, refresh };
}

async function parallelLogins(api: string, email: string, password: string, count: number) {
  const statuses = new Map<string, number>();
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      let key: string;
      try {
        const res = await fetch(`${api}/v0/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // Half right, half wrong passwords: both paths hash.
          body: JSON.stringify({ email, password: index % 2 ? password : `${password}!` }),
        });
        await res.arrayBuffer();
        key = String(res.status);
      } catch (error) {
        key = `error: ${error instanceof Error ? error.message : String(error)}`;
      }
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }),
  );
  return statuses;
}

/** Bytes of JavaScript a first visit to `path` downloads, gzip-compressed. */
async function initialJsGzip(base: string, path: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        void response.body().then((body) => scripts.set(response.url(), body));
      }
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    return [...scripts.values()].reduce(
      (sum, body) => sum + gzipSync(body, { level: 9 }).length,
      0,
    );
  } finally {
    await browser.close();
  }
}

interface LighthouseScores {
  path: string;
  performance: number | string;
  accessibility: number | string;
}

/**
 * Lighthouse (mobile defaults) on each page, in a browser profile that holds `tokens`, so
 * the pages behind the login are measured as a signed-in user sees them.
 */
async function lighthouseScores(
  base: string,
  paths: string[],
  tokens: { access: string; refresh: string },
): Promise<LighthouseScores[]> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(join(tmpdir(), 'forja-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const page = await context.newPage();
    // Storage belongs to the origin: open it once before writing the session.
    await page.goto(`${base}/auth/login`);
    const scores: LighthouseScores[] = [];
    for (const path of paths) {
      // The landing page shows only to visitors without a session.
      await page.evaluate(
        ({ signedIn, access, refresh }) => {
          if (signedIn) {
            localStorage.setItem('accessToken', access);
            localStorage.setItem('refreshToken', refresh);
          } else {
            localStorage.clear();
          }
        },
        { signedIn: path.startsWith('/users/'), ...tokens },
      );
      const result = await lighthouse(`${base}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      const categories = result?.lhr.categories;
      const failure = result?.lhr.runtimeError?.code;
      if (failure) {
        scores.push({ path, performance: `error: ${failure}`, accessibility: `error: ${failure}` });
        continue;
      }
      scores.push({
        path,
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      });
    }
    return scores;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function ratio(value: number, baseline: number): string {
  return baseline > 0 ? (value / baseline).toFixed(2) : 'n/a';
}

async function main() {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const name = `forja_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  const bodyDir = mkdtempSync(join(tmpdir(), 'forja-bench-'));
  const started: Started[] = [];
  try {
    const api = await startProcess(
      [serverEntry],
      { DATABASE_URL: databaseUrl.toString(), NODE_ENV: 'production', LOG_LEVEL: 'error' },
      '/v0/health/',
    );
    started.push(api);
    await db.connect();
    const user = await signedInUser(api.url, db);

    const usersResponse = await fetch(`${api.url}/v0/users/`, {
      headers: { authorization: `Token ${user.token}` },
    });
    const bodyFile = join(bodyDir, 'users.json');
    writeFileSync(bodyFile, await usersResponse.text());
    const bare = await startProcess(
      ['--import', 'tsx', bareEntry],
      { BENCH_BODY_FILE: bodyFile },
      '/v0/users/',
    );
    started.push(bare);

    // Warm both servers up (JIT, connection pools) before anything is measured.
    await load(`${bare.url}/v0/users/`, 10, undefined, 2);
    await load(`${api.url}/v0/users/`, 10, user.token, 2);

    const rows: string[] = [];
    for (const connections of [10, 100]) {
      const baseline = await load(`${bare.url}/v0/users/`, connections);
      const measured = await load(`${api.url}/v0/users/`, connections, user.token);
      rows.push(
        `| GET /v0/users/ (${connections} connections) | ${measured.requestsPerSecond} | ${measured.p50} | ${measured.p99} | ${baseline.requestsPerSecond} | ${baseline.p99} | ${ratio(measured.requestsPerSecond, baseline.requestsPerSecond)} | ${measured.non2xx + measured.errors} |`,
      );
    }

    // The diary's two hot reads, with a year of this person's data behind them.
    await seedYearOfDiary(db, user.email);
    const middleOfYear = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
    const diaryCalls: [string, string, number][] = [
      ['GET /v0/diary/days/:date/', `/v0/diary/days/${middleOfYear}/`, 100],
      ['GET /v0/foods/?q=pollo', '/v0/foods/?q=pollo', 50],
      ['GET /v0/foods/?q=leche desnatada', '/v0/foods/?q=leche%20desnatada', 50],
      ['GET /v0/foods/ (favourites and recents)', '/v0/foods/', 50],
    ];
    const diaryRows: string[] = [];
    let overBudget = false;
    for (const [label, path, budget] of diaryCalls) {
      await load(`${api.url}${path}`, 1, user.token, 2);
      const measured = await load(`${api.url}${path}`, 1, user.token);
      overBudget ||= measured.p99 > budget || measured.non2xx + measured.errors > 0;
      diaryRows.push(
        `| ${label} | ${measured.requestsPerSecond} | ${measured.p50} | ${measured.p99} | ${budget} | ${measured.non2xx + measured.errors} |`,
      );
    }

    const memoryBefore = peakMemoryMiB(api.child.pid);
    const logins = await parallelLogins(api.url, user.email, user.password, 1000);
    const memoryAfter = peakMemoryMiB(api.child.pid);
    const loginLine = [...logins.entries()]
      .sort()
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    const unexpected = [...logins.keys()].filter(
      (status) => !['200', '401', '429'].includes(status),
    );

    const loginJs = await initialJsGzip(api.url, '/auth/login');
    const scores = await lighthouseScores(api.url, ['/', '/auth/login', '/users/home'], {
      access: user.token,
      refresh: user.refresh,
    });

    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const report = [
      '# Performance',
      '',
      `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${machine}.`,
      `Each load run lasts ${duration} s (autocannon); the API runs on PostgreSQL with NODE_ENV=production.`,
      'The baseline is a bare Fastify route answering the same bytes, measured in the same run.',
      '',
      '| call | req/s | p50 ms | p99 ms | baseline req/s | baseline p99 ms | ratio | non-2xx |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      'The diary with a year of one person’s data (2920 food entries, 365 weighings, 156',
      'workouts of 16 sets, 30 foods of their own); one connection, as one person calls:',
      '',
      '| call | req/s | p50 ms | p99 ms | p99 budget ms | non-2xx |',
      '| --- | --- | --- | --- | --- | --- |',
      ...diaryRows,
      '',
      `1000 parallel logins (half with a wrong password): ${loginLine}.`,
      `Answers other than 200/401/429: ${unexpected.length === 0 ? 'none' : unexpected.join(', ')}.`,
      `Server peak memory (VmHWM): ${memoryBefore ?? '?'} MiB before the logins, ${memoryAfter ?? '?'} MiB after.`,
      '',
      'Lighthouse (mobile, simulated throttling); budgets: performance 95, accessibility 100.',
      '',
      '| page | performance | accessibility |',
      '| --- | --- | --- |',
      ...scores.map((score) => `| ${score.path} | ${score.performance} | ${score.accessibility} |`),
      '',
      `Initial JavaScript of /auth/login: ${(loginJs / 1000).toFixed(1)} KB gzip (${(loginJs / 1024).toFixed(1)} KiB; budget 130 KB).`,
      '',
    ].join('\n');
    process.stdout.write(`\n${report}`);
    writeFileSync(join(root, 'docs/performance.md'), report);
    if (unexpected.length > 0 || overBudget) process.exitCode = 1;
  } finally {
    for (const process of started.reverse()) await process.stop();
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    rmSync(bodyDir, { recursive: true, force: true });
  }
}

await main();
