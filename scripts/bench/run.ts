/**
 * npm run bench: measures the built app on PostgreSQL and prints one table of the API under
 * load, each row next to a bare Fastify baseline answering the same bytes in the same run;
 * then the diary with a year of data, a burst of logins, memory, the initial JavaScript of
 * each screen and Lighthouse. Everything is written to docs/performance.md; the exit code is
 * 1 when a budget is broken or an answer was not the expected one.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import * as prettier from 'prettier';
import { ARGON2_OPTIONS, hashingSlots } from '../../apps/api/src/security/passwords';
import { account, Addresses, login, LoginAccounts, PASSWORD } from './accounts';
import { createScratchDatabase } from '../faults/support/scratch-database';
import type { CapturedRoute } from './bare-server';
import {
  diaryOpenTimes,
  type DiaryOpenTimes,
  initialJavaScript,
  LIGHTHOUSE_CPU_SLOWDOWN,
  lighthouseScores,
  type LighthouseScores,
  type Score,
  type Visit,
} from './browser';
import { OWN_FOODS, seedYearOfDiary } from './diary-data';
import {
  FOOD_SEARCH_BUDGET,
  FOOD_SEARCH_CONNECTIONS,
  FOOD_SEARCH_ROUNDS,
  FOOD_SEARCH_TABLE_HEAD,
  foodSearchRows,
  measureFoodSearch,
  type CpuCounters,
} from './food-search';
import {
  measureWorkspace,
  seedTrainerWorkspace,
  WORKSPACE_BUDGET_MS,
  WORKSPACE_CALLS,
  WORKSPACE_DAYS,
  WORKSPACE_TRAINEES,
  type WorkspaceRow,
} from './trainer-workspace';
import {
  authenticatedGet,
  load,
  loginShape,
  refreshShape,
  type LoadResult,
  type Shape,
} from './load';
import { diaryFloorRows, diaryFloorSection, measureDiaryAgainstFloor } from './diary-floor';
import { firstFiles, firstFilesProblems, firstFilesTable } from './first-files';
import { measureMessages, messagesSection } from './messages';
import { measureScale, scaleSection } from './scale';
import {
  cpuMs,
  PeakMemory,
  peakMemoryMiB,
  SERVER_NODE_FLAGS,
  serverEnvironment,
  settle,
  startProcess,
  type Started,
} from './processes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = join(root, 'apps/api/dist/server.js');
const bareEntry = join(root, 'scripts/bench/bare-server.ts');
// Built like the server (plain Node, no loader), and beside node_modules to find Fastify.
const bareBundle = join(root, 'node_modules/.cache/forja-bench/bare-server.mjs');
const reportFile = join(root, 'docs/performance.md');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const CONNECTIONS = [10, 100];
const WARM_UP_SECONDS = 2;
const LOGIN_ACCOUNTS = 5000;
const LOGIN_LIMIT_PER_ACCOUNT = 10;
const BURST = 1000;
const LOGIN_JS_BUDGET_BYTES = 130_000;
/** The diary opened without signal on the bench's phone, at most (issue #18). */
const DIARY_OFFLINE_BUDGET_MS = 1000;
/** How many times the diary is opened each way. */
const DIARY_OPENS = 5;
const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100 };
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

/** Everything that makes the run fail, said in one line each. */
const problems: string[] = [];

/** The trainer's screens Lighthouse measures, signed in as the trainer with 200 trainees. */
const TRAINER_SCREENS = ['/trainers/clients', '/trainers/today'];

/** Each page's scores against the budgets: what misses one becomes a problem. */
function checkLighthouse(scores: LighthouseScores[]): void {
  for (const score of scores) {
    if (score.errors.length > 0) {
      problems.push(`Lighthouse on ${score.path}: ${score.errors.join(', ')}`);
    }
    if (score.installability.length > 0) {
      problems.push(`${score.path} is not installable: ${score.installability.join(', ')}`);
    }
    const elsewhere = score.landedOn.filter((path) => path !== score.path);
    if (elsewhere.length > 0) {
      problems.push(`Lighthouse on ${score.path}: ended on ${elsewhere.join(', ')}`);
    }
    for (const category of ['performance', 'accessibility'] as const) {
      const value = score[category]?.median;
      if (value === undefined) {
        problems.push(`Lighthouse on ${score.path}: no ${category} score`);
      } else if (value < LIGHTHOUSE_BUDGET[category]) {
        problems.push(
          `Lighthouse ${category} of ${score.path}: ${value}, under its budget of ${LIGHTHOUSE_BUDGET[category]}`,
        );
      }
    }
  }
}

/** Chromium's word on installing the app from the page: yes, or why not. */
function installableCell(errors: string[]): string {
  return errors.length === 0 ? 'yes' : `no (${errors.join(', ')})`;
}

/** Said above each table of Lighthouse's scores when its CPU slowdown is not its own 4. */
const SLOWDOWN_NOTE =
  LIGHTHOUSE_CPU_SLOWDOWN === undefined
    ? []
    : [
        `The simulated phone's CPU: ${String(LIGHTHOUSE_CPU_SLOWDOWN)} times slower than this machine's, not 4 (BENCH_LIGHTHOUSE_CPU_SLOWDOWN).`,
        '',
      ];

const LIGHTHOUSE_TABLE_HEAD = [
  ...SLOWDOWN_NOTE,
  '| page | performance | accessibility | installable | CPU index | the run with the median performance |',
  '| --- | --- | --- | --- | --- | --- |',
];

function lighthouseRows(scores: LighthouseScores[]): string[] {
  return scores.map(
    (score) =>
      `| ${score.path} | ${scoreCell(score.performance, score.errors)} | ${scoreCell(score.accessibility, score.errors)} | ${installableCell(score.installability)} | ${scoreCell(score.benchmarkIndex, [])} | ${score.metrics} |`,
  );
}

interface Target {
  name: 'real' | 'bare';
  url: string;
}

interface MeasuredCall {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** The call made once to the real server: the baseline replays its answer. */
  capture: () => Promise<{ status: number; headers: Headers; body: Buffer }>;
  shape: (target: Target, connections: number) => Promise<Shape>;
  /**
   * Called right before the real run; what it returns is called with the run's result and
   * says what went wrong in the database, if anything.
   */
  audit?: () => Promise<(result: LoadResult, connections: number) => Promise<string | null>>;
}

// Headers that belong to the connection or the moment, not to the answer.
const perResponseHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

async function captured(res: Response) {
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

function formatMs(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function scoreCell(score: Score | null, errors: string[]): string {
  if (!score) return errors.join(', ') || '?';
  return score.min === score.max
    ? String(score.median)
    : `${score.median} (${score.min}–${score.max})`;
}

/** Two decimals, or two significant digits for the small ratios of login. */
function ratio(value: number, baseline: number): string {
  if (baseline <= 0) return 'n/a';
  const share = value / baseline;
  return share >= 0.1 || share === 0 ? share.toFixed(2) : share.toPrecision(2);
}

/** Writes a captured answer where the baseline reads it, and says which route replays it. */
function routeOf(
  bodyDir: string,
  index: number,
  method: 'GET' | 'POST',
  path: string,
  answer: { headers: Headers; body: Buffer },
): CapturedRoute {
  const bodyFile = join(bodyDir, `${index}.json`);
  writeFileSync(bodyFile, answer.body);
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, key) => {
    if (!perResponseHeaders.has(key)) headers[key] = value;
  });
  return { method, url: path.split('?')[0] ?? path, headers, bodyFile };
}

/** The bare Fastify baseline replaying `routes`, bundled and run like the real server. */
async function startBaseline(
  bodyDir: string,
  routes: CapturedRoute[],
  floorDatabaseUrl?: string,
): Promise<Started> {
  const routesFile = join(bodyDir, 'routes.json');
  writeFileSync(routesFile, JSON.stringify(routes));
  await build({
    entryPoints: [bareEntry],
    outfile: bareBundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  const ready = routes.find((route) => route.method === 'GET')?.url ?? '/';
  return startProcess(
    [bareBundle],
    {
      BENCH_ROUTES_FILE: routesFile,
      ...(floorDatabaseUrl ? { BENCH_FLOOR_DATABASE_URL: floorDatabaseUrl } : {}),
    },
    ready,
  );
}

/** Captures the workspace calls as the trainer answers them, for the baseline to replay. */
async function captureWorkspace(api: string, token: string, bodyDir: string, first: number) {
  const routes: CapturedRoute[] = [];
  for (const [index, { label, path }] of WORKSPACE_CALLS.entries()) {
    const answer = await captured(
      await fetch(api + path, { headers: { authorization: `Token ${token}` } }),
    );
    if (answer.status !== 200) {
      throw new Error(`${label} answered ${answer.status}: ${answer.body.toString()}`);
    }
    routes.push(routeOf(bodyDir, first + index, 'GET', path, answer));
  }
  return routes;
}

/** Table rows of the workspace calls; a broken budget or a failed request is a problem. */
function workspaceRows(rows: WorkspaceRow[]): string[] {
  return rows.map(({ label, result, baseline }) => {
    if (result.p99 > WORKSPACE_BUDGET_MS) {
      problems.push(
        `${label}: p99 ${formatMs(result.p99)} ms, over its budget of ${WORKSPACE_BUDGET_MS} ms`,
      );
    }
    if (result.failed > 0) problems.push(`${label} at one connection: ${result.failures}`);
    return `| ${label} | ${result.requestsPerSecond} | ${formatMs(result.p50)} | ${formatMs(result.p99)} | ${WORKSPACE_BUDGET_MS} | ${baseline.requestsPerSecond} | ${formatMs(baseline.p99)} | ${ratio(result.requestsPerSecond, baseline.requestsPerSecond)} | ${result.failed} |`;
  });
}

const WORKSPACE_TABLE_HEAD = [
  '| call | req/s | p50 ms | p99 ms | p99 budget ms | baseline req/s | baseline p99 ms | ratio | non-2xx |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
const WORKSPACE_DATA = `One trainer with ${WORKSPACE_TRAINEES} linked trainees, each with ${WORKSPACE_DAYS} days of logging: five food entries and a weighing a day, two or three sessions a week, every area shared. The roster asks for all of them in one page; the queue ranks every rule over all of them. One connection, as the trainer calls, each run right after the same run against the baseline.`;

async function machine(db: pg.Client): Promise<string> {
  const cpu = cpus();
  const [version] = (await db.query<{ server_version: string }>('show server_version')).rows;
  return [
    `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    `${Math.round(totalmem() / 2 ** 30)} GiB`,
    `Node ${process.version}`,
    `PostgreSQL ${version?.server_version ?? '?'}`,
  ].join(', ');
}

/** Statuses of `count` logins at once, each from its own address; every second one wrong. */
async function loginBurst(
  api: string,
  count: number,
  next: () => { email: string; address: string },
): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const { email, address } = next();
      let key: string;
      try {
        const res = await fetch(`${api}/v0/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email, password: index % 2 ? PASSWORD : `${PASSWORD}!` }),
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

interface Scene {
  api: Started;
  db: pg.Client;
  /** The scratch database, for the baseline's one-query floor. */
  databaseUrl: string;
  bodyDir: string;
  /** What `run` starts besides the server, stopped with it. */
  started: Started[];
  /** Starts another instance of the server on the same database, stopped with the rest. */
  anotherInstance: () => Promise<Started>;
}

/**
 * A scratch database on TEST_DATABASE_URL with the built server on it for `run`; afterwards
 * everything started is stopped and the database dropped.
 */
async function withServer(run: (scene: Scene) => Promise<void>) {
  const database = await createScratchDatabase('forja_bench');
  const db = database.client;
  const bodyDir = mkdtempSync(join(tmpdir(), 'forja-bench-'));
  const started: Started[] = [];
  const environment = serverEnvironment(database.url);
  const anotherInstance = async () => {
    const instance = await startProcess(
      [...SERVER_NODE_FLAGS, serverEntry],
      environment,
      '/v0/health/',
    );
    started.push(instance);
    return instance;
  };
  try {
    const api = await startProcess([...SERVER_NODE_FLAGS, serverEntry], environment, '/v0/health/');
    started.push(api);
    await run({ api, db, databaseUrl: database.url, bodyDir, started, anotherInstance });
  } finally {
    for (const child of started.reverse()) await child.stop();
    await database.drop();
    rmSync(bodyDir, { recursive: true, force: true });
  }
}

type Tokens = Visit['tokens'];

/**
 * The screens as a first visit meets them: the initial JavaScript of each and Lighthouse on
 * the busiest (with the trainer's two when a trainer is given). Problems go to `problems`.
 */
async function measurePages(
  url: string,
  who: {
    trainee: NonNullable<Tokens>;
    newcomer: Tokens;
    starter: Tokens;
    trainer?: Tokens;
    memory?: PeakMemory;
  },
): Promise<{
  jsRows: string[];
  jsFiles: string[];
  scores: LighthouseScores[];
  idleAtLighthouse: number;
  offlineLines: string[];
}> {
  process.stdout.write('Initial JavaScript of each screen…\n');
  const visits: (Visit & { who: string })[] = [
    ...['/', '/auth/login', '/users/registration', '/users/password-reset'].map((path) => ({
      path,
      who: 'nobody',
    })),
    ...['/users/home', '/users/diary', '/users/metrics', '/users/profile', '/users/settings'].map(
      (path) => ({ path, who: 'a trainee with a year of data', tokens: who.trainee }),
    ),
    {
      path: '/users/subscription/plans',
      who: 'a verified account without a plan',
      tokens: who.newcomer,
    },
    {
      path: '/users/onboarding/first-step',
      who: 'a subscriber before the onboarding',
      tokens: who.starter,
    },
  ];
  const scripts = await initialJavaScript(url, visits);
  who.memory?.mark('the initial JavaScript visits');
  const jsRows = scripts.map((script, index) => {
    const budget = script.path === '/auth/login' ? LOGIN_JS_BUDGET_BYTES : undefined;
    if (script.landedOn !== script.path) {
      problems.push(`initial JavaScript: ${script.path} ended on ${script.landedOn}`);
    }
    if (budget !== undefined && script.gzipBytes > budget) {
      problems.push(
        `initial JavaScript of ${script.path}: ${(script.gzipBytes / 1000).toFixed(1)} KB gzip, over its budget of ${budget / 1000} KB`,
      );
    }
    return `| ${script.path} | ${visits[index]?.who ?? ''} | ${script.files} | ${(script.gzipBytes / 1000).toFixed(1)} | ${budget === undefined ? '' : budget / 1000} |`;
  });

  process.stdout.write('Lighthouse, once the machine is quiet…\n');
  const idleAtLighthouse = await settle();
  const trainer = who.trainer;
  const scores = await lighthouseScores(
    url,
    [
      { path: '/' },
      { path: '/auth/login' },
      { path: '/users/home', tokens: who.trainee },
      { path: '/users/diary', tokens: who.trainee },
      ...(trainer ? TRAINER_SCREENS.map((path) => ({ path, tokens: trainer })) : []),
    ],
    LIGHTHOUSE_RUNS,
  );
  who.memory?.mark('Lighthouse');
  checkLighthouse(scores);
  process.stdout.write('The diary opened with and without signal…\n');
  const offlineLines = diaryOpenSection(await diaryOpenTimes(url, who.trainee, DIARY_OPENS));
  who.memory?.mark('the diary opened without signal');
  const jsFiles = scripts.map(
    (script) =>
      `- ${script.path}: ${script.sizes.map((file) => `${file.file} ${(file.gzipBytes / 1000).toFixed(1)}`).join(', ')}${
        script.afterReady.length === 0
          ? ''
          : `; once the page is ready: ${script.afterReady.map((file) => `${file.file} ${(file.gzipBytes / 1000).toFixed(1)}`).join(', ')}`
      }`,
  );
  return { jsRows, jsFiles, scores, idleAtLighthouse, offlineLines };
}

/** The diary's opening with and without signal, as a section of the report. */
function diaryOpenSection({ withoutSignal, withSignal, slowdown }: DiaryOpenTimes): string[] {
  const ms = (time: Score | null) =>
    time === null
      ? '?'
      : time.min === time.max
        ? String(Math.round(time.median))
        : `${String(Math.round(time.median))} (${String(Math.round(time.min))}–${String(Math.round(time.max))})`;
  if (!withoutSignal || withoutSignal.median > DIARY_OFFLINE_BUDGET_MS) {
    problems.push(
      `the diary without signal opened in ${ms(withoutSignal)} ms, over its budget of ${String(DIARY_OFFLINE_BUDGET_MS)} ms`,
    );
  }
  const ratio =
    withoutSignal && withSignal ? (withoutSignal.median / withSignal.median).toFixed(2) : '?';
  return [
    '## The diary without signal',
    '',
    `The trainee with a year of data opens the diary again on the phone the bench simulates (390 × 844, the CPU slowed ${String(slowdown)} times as for Lighthouse, the server on this machine), ${String(DIARY_OPENS)} times each way, taking turns: without signal, from the service worker's precache and the reads the device kept (decision 077), and with signal, reading the API (the baseline). Timed from the navigation's start to the breakfast's total in the page; the median, and the range. Budget (on the median): under ${String(DIARY_OFFLINE_BUDGET_MS)} ms without signal.`,
    '',
    '| opened | ms | ratio to the baseline | budget ms |',
    '| --- | --- | --- | --- |',
    `| without signal | ${ms(withoutSignal)} | ${ratio} | ${String(DIARY_OFFLINE_BUDGET_MS)} |`,
    `| with signal (baseline) | ${ms(withSignal)} | 1 | |`,
  ];
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg()[0] ?? 0;
  process.stdout.write('Files before each main screen renders…\n');
  const screenFiles = await firstFiles();
  problems.push(...firstFilesProblems(screenFiles));
  await withServer(async ({ api, db, databaseUrl, bodyDir, started, anotherInstance }) => {
    const machineLine = await machine(db);

    process.stdout.write('Setting up accounts and a year of diary data…\n');
    const addresses = new Addresses();
    const main = await account(api.url, db, addresses, 'onboarded');
    // Without a paid plan the plans screen shows; without the onboarding its first step.
    const newcomer = await account(api.url, db, addresses, 'verified');
    const starter = await account(api.url, db, addresses, 'subscribed');
    await seedYearOfDiary(db, main.email);
    const trainer = await account(api.url, db, addresses, 'verified');
    await seedTrainerWorkspace(db, trainer.id);
    const logins = await LoginAccounts.seed(db, LOGIN_ACCOUNTS);
    const nextLogin = () => ({ email: logins.take(), address: addresses.take() });
    // The baseline is sent the same kind of logins, counted apart from the real ones.
    const baselineLogins = logins.lookalike();
    const baselineAddresses = new Addresses();
    const nextBaselineLogin = () => ({
      email: baselineLogins.take(),
      address: baselineAddresses.take(),
    });
    const sessions = (count: number) =>
      Promise.all(
        Array.from({ length: count }, async () => {
          const { email, address } = nextLogin();
          return (await login(api.url, email, address)).refresh_token;
        }),
      );

    const token = main.tokens.access_token;
    const middleOfYear = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
    const diaryPath = `/v0/diary/days/${middleOfYear}/`;
    const get = (path: string) => async () =>
      captured(await fetch(api.url + path, { headers: { authorization: `Token ${token}` } }));
    const post =
      (path: string, body: unknown, headers: Record<string, string> = {}) =>
      async () =>
        captured(
          await fetch(api.url + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          }),
        );

    let capturedRefreshToken = '';
    const calls: MeasuredCall[] = [
      {
        label: 'GET /v0/users/',
        method: 'GET',
        path: '/v0/users/',
        capture: get('/v0/users/'),
        shape: () => Promise.resolve(authenticatedGet('/v0/users/', token)),
      },
      {
        label: 'GET /v0/diary/days/:date/',
        method: 'GET',
        path: diaryPath,
        capture: get(diaryPath),
        shape: () => Promise.resolve(authenticatedGet(diaryPath, token)),
      },
      {
        label: 'GET /v0/foods/?q=pollo',
        method: 'GET',
        path: '/v0/foods/?q=pollo',
        capture: get('/v0/foods/?q=pollo'),
        shape: () => Promise.resolve(authenticatedGet('/v0/foods/?q=pollo', token)),
      },
      {
        label: 'POST /v0/auth/login/',
        method: 'POST',
        path: '/v0/auth/login/',
        capture: () => {
          const { email, address } = nextLogin();
          return post(
            '/v0/auth/login/',
            { email, password: PASSWORD },
            {
              'x-forwarded-for': address,
            },
          )();
        },
        shape: (target) =>
          Promise.resolve(loginShape(target.name === 'real' ? nextLogin : nextBaselineLogin)),
      },
      {
        label: 'POST /v0/auth/refresh/',
        method: 'POST',
        path: '/v0/auth/refresh/',
        capture: async () => {
          const [refreshToken = ''] = await sessions(1);
          capturedRefreshToken = refreshToken;
          return post('/v0/auth/refresh/', { refresh_token: refreshToken })();
        },
        // The baseline hands back the same token every time, so its chains are just as long.
        shape: async (target, connections) =>
          refreshShape(
            target.name === 'real'
              ? await sessions(connections)
              : Array.from({ length: connections }, () => capturedRefreshToken),
          ),
        // A 200 alone does not prove the chains: a token sent twice within the grace window
        // is answered 200 too, but with the child it already has. Each chained refresh
        // stores exactly one new token; some may be stored for requests cut off at the end.
        audit: async () => {
          const counts = async () => {
            const [row] = (
              await db.query<{ tokens: number; revoked: number }>(
                `select (select count(*)::int from refresh_tokens) as tokens,
                   (select count(*)::int from session_families where revoked_at is not null) as revoked`,
              )
            ).rows;
            return row ?? { tokens: 0, revoked: 0 };
          };
          const before = await counts();
          return async (result, connections) => {
            const after = await counts();
            const stored = after.tokens - before.tokens;
            if (after.revoked > before.revoked) {
              return `${after.revoked - before.revoked} sessions revoked for a reused token`;
            }
            if (stored < result.ok || stored > result.ok + connections) {
              return `${result.ok} refreshes answered 200 but ${stored} tokens were stored: not every refresh rotated its own token`;
            }
            return null;
          };
        },
      },
    ];

    process.stdout.write('Capturing the answers the baseline replays…\n');
    const routes: CapturedRoute[] = [];
    for (const [index, measured] of calls.entries()) {
      const answer = await measured.capture();
      if (answer.status !== 200) {
        throw new Error(`${measured.label} answered ${answer.status}: ${answer.body.toString()}`);
      }
      routes.push(routeOf(bodyDir, index, measured.method, measured.path, answer));
    }
    routes.push(
      ...(await captureWorkspace(api.url, trainer.tokens.access_token, bodyDir, calls.length)),
    );
    const bare = await startBaseline(bodyDir, routes, databaseUrl);
    started.push(bare);
    const memory = new PeakMemory(api.child.pid);
    memory.mark('the setting up');
    const real: Target = { name: 'real', url: api.url };
    const baseline: Target = { name: 'bare', url: bare.url };

    const loadRows: string[] = [];
    for (const measured of calls) {
      // Warm both up (JIT, connection pools) before this call is measured.
      for (const target of [baseline, real]) {
        await load(target.url, await measured.shape(target, 10), 10, WARM_UP_SECONDS);
      }
      for (const connections of CONNECTIONS) {
        process.stdout.write(`${measured.label}, ${connections} connections…\n`);
        const bareResult = await load(
          baseline.url,
          await measured.shape(baseline, connections),
          connections,
          seconds,
        );
        const shape = await measured.shape(real, connections);
        const audit = await measured.audit?.();
        const result = await load(real.url, shape, connections, seconds);
        const finding = await audit?.(result, connections);
        if (finding) problems.push(`${measured.label} at ${connections} connections: ${finding}`);
        for (const [who, run] of [
          ['server', result],
          ['baseline', bareResult],
        ] as [string, LoadResult][]) {
          if (run.failed > 0) {
            problems.push(
              `${measured.label} at ${connections} connections: the ${who} answered ${run.failures}`,
            );
          }
        }
        memory.mark(`${measured.label} at ${connections} connections`);
        loadRows.push(
          `| ${measured.label} | ${connections} | ${result.requestsPerSecond} | ${formatMs(result.p50)} | ${formatMs(result.p99)} | ${bareResult.requestsPerSecond} | ${formatMs(bareResult.p99)} | ${ratio(result.requestsPerSecond, bareResult.requestsPerSecond)} | ${result.failed} |`,
        );
      }
    }

    // The diary's hot reads as one person calls them: one connection, with budgets.
    const diaryCalls: [string, string, number][] = [
      ['GET /v0/diary/days/:date/', diaryPath, 100],
      ['GET /v0/foods/?q=pollo', '/v0/foods/?q=pollo', 50],
      ['GET /v0/foods/?q=leche desnatada', '/v0/foods/?q=leche%20desnatada', 50],
      ['GET /v0/foods/ (favourites and recents)', '/v0/foods/', 50],
    ];
    const diaryRows: string[] = [];
    for (const [label, path, budget] of diaryCalls) {
      process.stdout.write(`${label}, one connection…\n`);
      const shape = authenticatedGet(path, token);
      await load(api.url, shape, 1, WARM_UP_SECONDS);
      const result = await load(api.url, shape, 1, seconds);
      if (result.p99 > budget) {
        problems.push(`${label}: p99 ${formatMs(result.p99)} ms, over its budget of ${budget} ms`);
      }
      if (result.failed > 0) problems.push(`${label} at one connection: ${result.failures}`);
      diaryRows.push(
        `| ${label} | ${result.requestsPerSecond} | ${formatMs(result.p50)} | ${formatMs(result.p99)} | ${budget} | ${result.failed} |`,
      );
    }

    memory.mark('the diary reads at one connection');

    const foodSearch = foodSearchRows(
      await measureFoodSearch(api.url, bare.url, token, main.id, seconds, WARM_UP_SECONDS),
      problems,
    );
    memory.mark('the food search against the floor');

    process.stdout.write('A day of the diary against the floor…\n');
    const diaryFloor = diaryFloorSection(
      diaryFloorRows(
        await measureDiaryAgainstFloor(
          api.url,
          bare.url,
          token,
          main.id,
          await dayWithSession(db, main.id),
          seconds,
          WARM_UP_SECONDS,
          cpuCounters(db, api, bare),
        ),
        problems,
      ),
      seconds,
    );
    memory.mark('a day of the diary against the floor');

    const workspace = workspaceRows(
      await measureWorkspace(
        api.url,
        bare.url,
        trainer.tokens.access_token,
        seconds,
        WARM_UP_SECONDS,
      ),
    );
    memory.mark("the trainer's workspace at one connection");

    process.stdout.write('Messages between two instances, and 1000 event streams…\n');
    // On a second instance of its own, so the streams do not count in this one's memory.
    const messages = messagesSection(await measureMessages(api, await anotherInstance(), db));
    problems.push(...messages.problems);
    memory.mark('the messages sent to the other instance');

    process.stdout.write(`${BURST} logins at once…\n`);
    const memoryBeforeBurst = peakMemoryMiB(api.child.pid);
    const burst = await loginBurst(api.url, BURST, nextLogin);
    memory.mark(`the ${BURST} logins at once`);
    const burstLine = [...burst.entries()]
      .sort()
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    const expectedBurst = new Map([
      ['200', BURST / 2],
      ['401', BURST / 2],
    ]);
    if (
      burst.size !== expectedBurst.size ||
      [...expectedBurst].some(([status, count]) => burst.get(status) !== count)
    ) {
      problems.push(`${BURST} logins at once: expected 200: 500, 401: 500, got ${burstLine}`);
    }
    if (logins.mostUses > LOGIN_LIMIT_PER_ACCOUNT) {
      problems.push(
        `an account was given ${logins.mostUses} logins, over the limit of ${LOGIN_LIMIT_PER_ACCOUNT}: seed more`,
      );
    }

    const { jsRows, scores, idleAtLighthouse, offlineLines } = await measurePages(api.url, {
      trainee: main.tokens,
      newcomer: newcomer.tokens,
      starter: starter.tokens,
      trainer: trainer.tokens,
      memory,
    });

    process.stdout.write('The scale step, on a server and database of its own…\n');
    const scale = await scaleStep();

    const barePeak = peakMemoryMiB(bare.child.pid);
    const loadAtEnd = loadavg()[0] ?? 0;
    const minutes = Math.round((Date.now() - startedAt.getTime()) / 60_000);
    const report = [
      '# Performance',
      '',
      `Measured by \`npm run bench\` on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, on ${machineLine}. Load average ${loadAtStart.toFixed(1)} when it started and ${loadAtEnd.toFixed(1)} when it ended (${minutes} min later).`,
      '',
      ...handKept(),
      '## The API under load',
      '',
      `Each row is one ${seconds} s run of autocannon (each connection sends its next request when the previous one is answered) against the built server (\`NODE_ENV=production\`, \`TRUST_PROXY=1\`) on PostgreSQL, right after the same run against the baseline: bare Fastify routes answering the same status, headers and JSON body that the real call answered, captured at the start. The ratio is req/s over the baseline's req/s. The data: one trainee with a year of diary (below), ${LOGIN_ACCOUNTS} further accounts for the logins.`,
      '',
      '| call | connections | req/s | p50 ms | p99 ms | baseline req/s | baseline p99 ms | ratio | non-2xx |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...loadRows,
      '',
      `- The reads send the trainee's access token; the food search is \`?q=pollo\`; the diary day is ${middleOfYear}, half a year back.`,
      `- Logins go to the ${LOGIN_ACCOUNTS} accounts in turn, each from an X-Forwarded-For address of its own, so neither login limit (50 per address, ${LOGIN_LIMIT_PER_ACCOUNT} per account in 5 minutes) is reached: the busiest account was given ${logins.mostUses} login${logins.mostUses === 1 ? '' : 's'} in the whole run. A login is bound by argon2id by design (m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}, at most ${hashingSlots.limit} hashes at once on this machine), so its ratio is small on purpose: it is what makes guessing passwords slow.`,
      '- Each refresh connection chains one session of its own, always sending the refresh token its previous refresh returned, as a browser tab does; the sessions come from logins right before the run, and the run is checked to have stored one new token per refresh and revoked no session.',
      '',
      '## The diary with a year of data',
      '',
      `One trainee’s year: 2920 food entries, water and a note every day, 365 weighings, 156 workouts of 16 sets, ${String(OWN_FOODS)} foods of their own and 20 favourites. One connection, as one person calls:`,
      '',
      '| call | req/s | p50 ms | p99 ms | p99 budget ms | non-2xx |',
      '| --- | --- | --- | --- | --- | --- |',
      ...diaryRows,
      '',
      ...foodSearchSection(foodSearch),
      ...diaryFloor,
      "## The trainer's workspace",
      '',
      WORKSPACE_DATA,
      '',
      ...WORKSPACE_TABLE_HEAD,
      ...workspace,
      '',
      '## Logins at once, and memory',
      '',
      `${BURST} logins at once, each from its own address, every second one with a wrong password: ${burstLine}.`,
      '',
      `Peak resident memory (VmHWM) of the server over the whole run: ${memory.peak} MiB, last raised during ${memory.reachedDuring} (${memory.afterSetup ?? '?'} MiB after the setting up, ${memoryBeforeBurst ?? '?'} MiB before the ${BURST} logins). The baseline's: ${barePeak ?? '?'} MiB.`,
      '',
      ...messages.lines,
      '',
      ...scale,
      '## Initial JavaScript',
      '',
      "What a first visit downloads until the network is quiet, in Chromium with an empty cache; each file gzip-ed at level 9 (1 KB = 1000 bytes). The file that registers the service worker once the page is ready (decision 068) is listed after each page's files and not counted in its total.",
      '',
      '| route | visited by | files | KB gzip | budget KB |',
      '| --- | --- | --- | --- | --- |',
      ...jsRows,
      '',
      '## Files before each main screen renders',
      '',
      'From the build graph (`scripts/bench/first-files.ts`): the first file and what it imports, and each matched route’s loader and screen with what they import; JavaScript gzip-ed at level 9. These do not move with the machine.',
      '',
      ...firstFilesTable(screenFiles),
      '',
      '## Lighthouse',
      '',
      `Mobile defaults (simulated throttling), empty cache; the pages under /users/ signed in as the trainee, those under /trainers/ as the trainer with 200 trainees. The median of ${LIGHTHOUSE_RUNS} runs, and the range when they differ. They start once the machine is quiet (${Math.round(idleAtLighthouse * 100)} % of its CPU idle over a second; at most a minute’s wait), so that what the load runs left behind is not measured as the page’s. Budgets (on the median): performance ${LIGHTHOUSE_BUDGET.performance}, accessibility ${LIGHTHOUSE_BUDGET.accessibility}. The CPU index is Lighthouse’s measure of the machine (\`benchmarkIndex\`, its “CPU/Memory Power”): Lighthouse slows the CPU 4 times whatever the machine, a setting its documentation places on a machine of index 1,500–2,000, so the same pages score higher on a faster machine and lower on a slower one.`,
      '',
      ...LIGHTHOUSE_TABLE_HEAD,
      ...lighthouseRows(scores),
      '',
      ...offlineLines,
      '',
      '## Budgets and unexpected answers',
      '',
      ...(problems.length === 0
        ? ['None broken: every answer was the expected one and every budget held.']
        : problems.map((problem) => `- ${problem}`)),
      '',
      '## How to read this',
      '',
      'Other work may share the machine while this runs, so absolute figures move from run to run; the load average above says how busy it was. Read the ratio instead: the baseline runs right before each row, on the same machine under the same load, and does everything but the work of the call (it parses the request and writes the same bytes), so the ratio is the share of the bare framework’s throughput that the real call keeps after authentication, validation, the database and serialisation. autocannon, the server and PostgreSQL share the machine’s cores, so a ratio well under 1 for a call that reads the database is expected; compare a ratio with the same row of an earlier run, not with 1. Login is slow on purpose (argon2id). A non-2xx count other than 0 means the run measured something else than the call and fails it.',
      '',
    ].join('\n');
    const formatted = await prettier.format(report, {
      ...(await prettier.resolveConfig(reportFile)),
      filepath: reportFile,
    });
    writeFileSync(reportFile, formatted);
    process.stdout.write(`\n${formatted}`);
    if (problems.length > 0) {
      process.stderr.write(`\nnpm run bench failed:\n${problems.map((p) => `- ${p}\n`).join('')}`);
      process.exitCode = 1;
    }
  });
}

/**
 * The part of docs/performance.md written by hand (the current figures from partial runs,
 * and the history), from «## Current figures» to the generated sections: kept by a full run.
 */
function handKept(): string[] {
  const existing = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
  const start = existing.indexOf('\n## Current figures');
  const end = existing.indexOf('\n## The API under load');
  return start >= 0 && end > start ? [existing.slice(start + 1, end).trimEnd(), ''] : [];
}

/** The food search's part of the report, after its data and how it is measured. */
function foodSearchSection(rows: string[]): string[] {
  return [
    '## Food search against the one-query floor',
    '',
    `Food search is typed letter by letter. The same trainee (the whole food table, ${OWN_FOODS} foods of their own, a year of diary), ${FOOD_SEARCH_CONNECTIONS} connections; each row takes turns with the floor, ${FOOD_SEARCH_ROUNDS} rounds of ${Math.ceil(seconds / FOOD_SEARCH_ROUNDS)} s each, which goes first alternating: the floor is a bare Fastify route of the baseline reading one user by primary key from the same PostgreSQL (a pool of 20, like the server's). A row's req/s is the mean of its rounds', its p99 the worst of them. The typed row sends every prefix of eight searches in turn ("p", "po", …, "pollo", …, "platno"), and its floor is sent the same rotation of query strings, so that the load tool does the same work for both. Budget: at least ${FOOD_SEARCH_BUDGET.ratio} of the floor's req/s and a p99 under ${FOOD_SEARCH_BUDGET.p99Ms} ms. Two rows, for comparison and without a budget, show where the rest goes: a signed-in call answering one small row (the access token is read with the user, one query like the floor's), and the same search answering one food instead of twenty (about 8 KB of JSON).`,
    '',
    ...FOOD_SEARCH_TABLE_HEAD,
    ...rows,
    '',
  ];
}

/**
 * BENCH_ONLY=foods: only the food search against the one-query floor, with the trainee's
 * year of data, printed in the report's format and not written to it.
 */
async function foodsOnly() {
  await withServer(async ({ api, db, databaseUrl, bodyDir, started }) => {
    const trainee = await account(api.url, db, new Addresses(), 'onboarded');
    await seedYearOfDiary(db, trainee.email);
    const token = trainee.tokens.access_token;
    const answer = await captured(
      await fetch(`${api.url}/v0/foods/?q=pollo`, { headers: { authorization: `Token ${token}` } }),
    );
    const bare = await startBaseline(
      bodyDir,
      [routeOf(bodyDir, 0, 'GET', '/v0/foods/', answer)],
      databaseUrl,
    );
    started.push(bare);
    const rows = foodSearchRows(
      await measureFoodSearch(api.url, bare.url, token, trainee.id, seconds, WARM_UP_SECONDS),
      problems,
    );
    const section = foodSearchSection(rows);
    process.stdout.write(
      `\nOn ${await machine(db)}, load average ${(loadavg()[0] ?? 0).toFixed(1)}.\n\n${section.join('\n')}\n`,
    );
    if (problems.length > 0) {
      process.stderr.write(`\nfailed:\n${problems.map((p) => `- ${p}\n`).join('')}`);
      process.exitCode = 1;
    }
  });
}

/**
 * BENCH_ONLY=diary: only a day of the diary against the one-query floor, with what any
 * request costs beside it, `BENCH_REPEATS` times (3) on the same data; each run printed, then
 * each row's ratio (min and median), with the load average.
 */
async function diaryOnly() {
  await withServer(async ({ api, db, databaseUrl, bodyDir, started }) => {
    const trainee = await account(api.url, db, new Addresses(), 'onboarded');
    await seedYearOfDiary(db, trainee.email);
    const date = await dayWithSession(db, trainee.id);
    const token = trainee.tokens.access_token;
    const diaryPath = `/v0/diary/days/${date}/`;
    const answer = await captured(
      await fetch(api.url + diaryPath, { headers: { authorization: `Token ${token}` } }),
    );
    // The baseline needs one route to answer when it is ready; the floor is what is measured.
    const bare = await startBaseline(
      bodyDir,
      [routeOf(bodyDir, 0, 'GET', diaryPath, answer)],
      databaseUrl,
    );
    started.push(bare);
    const repeats = Number(process.env.BENCH_REPEATS ?? 3);
    const cpu = cpuCounters(db, api, bare);
    const shares = new Map<string, number[]>();
    for (let run = 1; run <= repeats; run++) {
      const loadAtStart = loadavg()[0] ?? 0;
      const measured = await measureDiaryAgainstFloor(
        api.url,
        bare.url,
        token,
        trainee.id,
        date,
        seconds,
        WARM_UP_SECONDS,
        cpu,
      );
      for (const row of measured) {
        const share = row.result.requestsPerSecond / Math.max(row.floor.requestsPerSecond, 1);
        shares.set(row.label, [...(shares.get(row.label) ?? []), share]);
      }
      const section = diaryFloorSection(diaryFloorRows(measured, problems), seconds);
      process.stdout.write(
        `\nRun ${run} of ${repeats}, load average ${loadAtStart.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}.\n\n${section.join('\n')}\n`,
      );
    }
    const summary = [...shares].map(([label, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      return `| ${label} | ${(sorted[0] ?? 0).toFixed(2)} | ${median.toFixed(2)} | ${values.map((v) => v.toFixed(2)).join(', ')} |`;
    });
    process.stdout.write(
      `\nOn ${await machine(db)}, ${repeats} runs, the day ${date}.\n\n| call | min ratio | median ratio | each run |\n| --- | --- | --- | --- |\n${summary.join('\n')}\n`,
    );
    if (problems.length > 0) {
      process.stderr.write(`\nfailed:\n${problems.map((p) => `- ${p}\n`).join('')}`);
      process.exitCode = 1;
    }
  });
}

/**
 * CPU counters for `inTurnWithFloor`: the server's or the baseline's process, and the
 * database's side, every backend of the scratch database but this script's own.
 */
function cpuCounters(db: pg.Client, api: Started, bare: Started): CpuCounters {
  const backends = async () =>
    (
      await db.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid);
  // Each backend's last reading is kept, so one that ends between two readings (a pool
  // closing an idle connection) takes nothing away from the sum.
  const lastSeen = new Map<number, number>();
  const database = async () => {
    for (const pid of await backends()) lastSeen.set(pid, cpuMs([pid]));
    return [...lastSeen.values()].reduce((sum, ms) => sum + ms, 0);
  };
  const counter = (pid: number | undefined) => async () => ({
    server: cpuMs(pid === undefined ? [] : [pid]),
    database: await database(),
  });
  return { api: counter(api.child.pid), bare: counter(bare.child.pid) };
}

/** The latest day with a session half a year back or more: the diary's measured day. */
async function dayWithSession(db: pg.Client, userId: string): Promise<string> {
  const [row] = (
    await db.query<{ date: string }>(
      `select to_char(date, 'YYYY-MM-DD') as date from workouts
       where user_id = $1 and date <= current_date - 180 order by date desc limit 1`,
      [userId],
    )
  ).rows;
  if (!row) throw new Error('no session half a year back');
  return row.date;
}

/**
 * BENCH_ONLY=trainers: only the trainer's workspace (its data, its two calls and their
 * baseline, Lighthouse on its screens), printed and not written to the report, for a quick check of that part.
 */
async function workspaceOnly() {
  await withServer(async ({ api, db, bodyDir, started }) => {
    process.stdout.write(`Seeding ${WORKSPACE_TRAINEES} trainees with a year of data…\n`);
    const seedStart = Date.now();
    const trainer = await account(api.url, db, new Addresses(), 'verified');
    await seedTrainerWorkspace(db, trainer.id);
    process.stdout.write(`Seeded in ${Math.round((Date.now() - seedStart) / 1000)} s.\n`);
    const token = trainer.tokens.access_token;
    const bare = await startBaseline(bodyDir, await captureWorkspace(api.url, token, bodyDir, 0));
    started.push(bare);
    const rows = workspaceRows(
      await measureWorkspace(api.url, bare.url, token, seconds, WARM_UP_SECONDS),
    );
    process.stdout.write('Lighthouse, once the machine is quiet…\n');
    await settle();
    const scores = await lighthouseScores(
      api.url,
      TRAINER_SCREENS.map((path) => ({ path, tokens: trainer.tokens })),
      LIGHTHOUSE_RUNS,
    );
    checkLighthouse(scores);
    const table = [
      `On ${await machine(db)}, load average ${(loadavg()[0] ?? 0).toFixed(1)}.`,
      '',
      WORKSPACE_DATA,
      '',
      ...WORKSPACE_TABLE_HEAD,
      ...rows,
      '',
      ...LIGHTHOUSE_TABLE_HEAD,
      ...lighthouseRows(scores),
      '',
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    if (problems.length > 0) {
      process.stderr.write(`\nfailed:\n${problems.map((p) => `- ${p}\n`).join('')}`);
      process.exitCode = 1;
    }
  });
}

/**
 * BENCH_ONLY=pages: only the screens (the trainee with a year of data, the initial
 * JavaScript of each screen, Lighthouse on the trainee's), printed and not written to the
 * report, for a quick check of the web app's weight after `npm run build`.
 */
async function pagesOnly() {
  await withServer(async ({ api, db }) => {
    const addresses = new Addresses();
    const trainee = await account(api.url, db, addresses, 'onboarded');
    const newcomer = await account(api.url, db, addresses, 'verified');
    const starter = await account(api.url, db, addresses, 'subscribed');
    await seedYearOfDiary(db, trainee.email);
    const { jsRows, jsFiles, scores, offlineLines } = await measurePages(api.url, {
      trainee: trainee.tokens,
      newcomer: newcomer.tokens,
      starter: starter.tokens,
    });
    const table = [
      `On ${await machine(db)}, load average ${(loadavg()[0] ?? 0).toFixed(1)}.`,
      '',
      '| route | visited by | files | KB gzip | budget KB |',
      '| --- | --- | --- | --- | --- |',
      ...jsRows,
      '',
      'Each file, KB gzip:',
      '',
      ...jsFiles,
      '',
      ...LIGHTHOUSE_TABLE_HEAD,
      ...lighthouseRows(scores),
      '',
      ...offlineLines,
      '',
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    if (problems.length > 0) {
      process.stderr.write(`\nfailed:\n${problems.map((p) => `- ${p}\n`).join('')}`);
      process.exitCode = 1;
    }
  });
}

/**
 * BENCH_ONLY=messages: only the messages between two instances and the 1000 event streams,
 * printed in the report's format and not written to it.
 */
async function messagesOnly() {
  await withServer(async ({ api, db, anotherInstance }) => {
    process.stdout.write('Messages between two instances, and 1000 event streams…\n');
    const section = messagesSection(await measureMessages(api, await anotherInstance(), db));
    problems.push(...section.problems);
    process.stdout.write(
      `\nOn ${await machine(db)}, load average ${(loadavg()[0] ?? 0).toFixed(1)}.\n\n${section.lines.join('\n')}\n`,
    );
    if (problems.length > 0) {
      process.stderr.write(`\nfailed:\n${problems.map((p) => `- ${p}\n`).join('')}`);
      process.exitCode = 1;
    }
  });
}

/**
 * The scale step, on a server and database of its own: `BENCH_TRAINEES` trainees seeded by
 * bulk SQL, the server's CPU and queries with no request, and the reads against the floor.
 */
async function scaleStep(): Promise<string[]> {
  let lines: string[] = [];
  await withServer(async ({ api, db, databaseUrl, bodyDir, started }) => {
    const health = await captured(await fetch(`${api.url}/v0/health/`));
    const bare = await startBaseline(
      bodyDir,
      [routeOf(bodyDir, 0, 'GET', '/v0/health/', health)],
      databaseUrl,
    );
    started.push(bare);
    const pid = api.child.pid;
    if (pid === undefined) throw new Error('the server has no process id');
    const figures = await measureScale(
      { url: api.url, pid },
      db,
      bare.url,
      seconds,
      WARM_UP_SECONDS,
    );
    lines = scaleSection(figures, problems);
  });
  return lines;
}

/**
 * BENCH_ONLY=scale: only the scale step (BENCH_TRAINEES, BENCH_IDLE_SECONDS), printed in
 * the report's format and not written to it.
 */
async function scaleOnly() {
  const section = await scaleStep();
  process.stdout.write(
    `\nOn ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average ${(loadavg()[0] ?? 0).toFixed(1)}.\n\n${section.join('\n')}\n`,
  );
  if (problems.length > 0) {
    process.stderr.write(`\nfailed:\n${problems.map((p) => `- ${p}\n`).join('')}`);
    process.exitCode = 1;
  }
}

/** BENCH_ONLY=files: only the files each main screen loads before it renders, printed. */
async function filesOnly() {
  const figures = await firstFiles();
  process.stdout.write(`\n${firstFilesTable(figures).join('\n')}\n`);
  problems.push(...firstFilesProblems(figures));
  if (problems.length > 0) {
    process.stderr.write(`\nfailed:\n${problems.map((p) => `- ${p}\n`).join('')}`);
    process.exitCode = 1;
  }
}

if (process.env.BENCH_ONLY === 'files') await filesOnly();
else if (process.env.BENCH_ONLY === 'diary') await diaryOnly();
else if (process.env.BENCH_ONLY === 'trainers') await workspaceOnly();
else if (process.env.BENCH_ONLY === 'pages') await pagesOnly();
else if (process.env.BENCH_ONLY === 'messages') await messagesOnly();
else if (process.env.BENCH_ONLY === 'foods') await foodsOnly();
else if (process.env.BENCH_ONLY === 'scale') await scaleOnly();
else await main();
