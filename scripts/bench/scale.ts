import { readFileSync } from 'node:fs';
import argon2 from 'argon2';
import type pg from 'pg';
import { ARGON2_OPTIONS } from '../../apps/api/src/security/passwords';
import { seedBulkTrainees } from '../../apps/api/test/bulk-trainees';
import { login, PASSWORD } from './accounts';
import { authenticatedGet, load, type LoadResult, type Shape } from './load';

/** How many trainees the scale step seeds: small for CI; the figures use 25,000. */
export const SCALE_TRAINEES = Number(process.env.BENCH_TRAINEES ?? 1000);
/** The days of logging each trainee has. */
export const SCALE_DAYS = 90;
/** How long the server is left without requests while its CPU and queries are counted. */
export const SCALE_IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
/** Linked trainees per trainer, and the share of trainees that have a trainer. */
const PER_TRAINER = 50;
const LINKED_SHARE = 0.5;
const CONNECTIONS = 10;
const ROUNDS = 3;

export interface ScaleFigures {
  trainees: number;
  trainers: number;
  seedSeconds: number;
  databaseMiB: number;
  idle: {
    seconds: number;
    cpuSecondsPerMinute: number;
    transactionsPerMinute: number;
    rowsReadPerMinute: number;
  };
  reads: { label: string; result: LoadResult; floor: LoadResult }[];
}

/** CPU time (user and system) a live process has used, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

/** What PostgreSQL counted for one database: transactions, and rows read by scans and probes. */
async function databaseCounters(db: pg.Client, name: string) {
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ xacts: string; rows_read: string }>(
    `select xact_commit + xact_rollback as xacts, tup_returned + tup_fetched as rows_read
     from pg_stat_database where datname = $1`,
    [name],
  );
  return { xacts: Number(rows[0]?.xacts ?? 0), rowsRead: Number(rows[0]?.rows_read ?? 0) };
}

/**
 * Seeds `SCALE_TRAINEES` trainees by bulk SQL (`seedBulkTrainees`), then, with no request
 * sent, counts the server's CPU and the queries its background work sends for
 * `SCALE_IDLE_SECONDS`; then measures a trainee's reads and a trainer's against the
 * one-query floor of `floorUrl`, in turn, as the food search is measured.
 */
export async function measureScale(
  api: { url: string; pid: number },
  db: pg.Client,
  floorUrl: string,
  seconds: number,
  warmUp: number,
): Promise<ScaleFigures> {
  const tag = Math.random().toString(36).slice(2, 8);
  process.stdout.write(`Seeding ${SCALE_TRAINEES} trainees with ${SCALE_DAYS} days each…\n`);
  const started = Date.now();
  const passwordHash = await argon2.hash(PASSWORD, ARGON2_OPTIONS);
  const [today] = (
    await db.query<{ today: string }>(
      `select to_char(now() at time zone 'Europe/Madrid', 'YYYY-MM-DD') as today`,
    )
  ).rows;
  const seeded = await seedBulkTrainees(db, {
    trainees: SCALE_TRAINEES,
    days: SCALE_DAYS,
    today: today?.today ?? '',
    perTrainer: PER_TRAINER,
    linkedShare: LINKED_SHARE,
    passwordHash,
    tag,
  });
  const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
  const [size] = (
    await db.query<{ bytes: string; name: string }>(
      'select pg_database_size(current_database()) as bytes, current_database() as name',
    )
  ).rows;
  const databaseName = size?.name ?? '';
  process.stdout.write(`Seeded in ${seedSeconds} s.\n`);

  process.stdout.write(`${SCALE_IDLE_SECONDS} s without requests…\n`);
  // What the seeding's own statements leave to flush is not the server's.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const cpuBefore = cpuSeconds(api.pid);
  const countersBefore = await databaseCounters(db, databaseName);
  await new Promise((resolve) => setTimeout(resolve, SCALE_IDLE_SECONDS * 1000));
  const cpuAfter = cpuSeconds(api.pid);
  const countersAfter = await databaseCounters(db, databaseName);
  const perMinute = (value: number) => Math.round((value * 60) / SCALE_IDLE_SECONDS);

  const trainee = await login(api.url, `bulk.2.${tag}@example.com`, '10.250.0.1');
  const trainer = await login(api.url, `bulk.trainer.1.${tag}@example.com`, '10.250.0.2');
  const traineeId = seeded.traineeIds[1] ?? '';
  const middle = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
  const floor: Shape = { method: 'GET', path: `/floor/${traineeId}` };
  const calls: [string, Shape][] = [
    [
      'GET /v0/diary/days/:date/',
      authenticatedGet(`/v0/diary/days/${middle}/`, trainee.access_token),
    ],
    ['GET /v0/foods/?q=pollo', authenticatedGet('/v0/foods/?q=pollo', trainee.access_token)],
    ['GET /v0/metrics/?months=3', authenticatedGet('/v0/metrics/?months=3', trainee.access_token)],
    [
      `GET /v0/trainers/trainees/ (the trainer's ${PER_TRAINER})`,
      authenticatedGet('/v0/trainers/trainees/?limit=200', trainer.access_token),
    ],
    [
      "GET /v0/trainers/trainees/:id/ (a trainee's file)",
      authenticatedGet(
        `/v0/trainers/trainees/${seeded.traineeIds[0] ?? ''}/`,
        trainer.access_token,
      ),
    ],
  ];
  const reads: ScaleFigures['reads'] = [];
  const slice = Math.max(1, Math.ceil(seconds / ROUNDS));
  for (const [label, shape] of calls) {
    process.stdout.write(`${label}, ${CONNECTIONS} connections, in turn with the floor…\n`);
    await load(floorUrl, floor, CONNECTIONS, warmUp);
    await load(api.url, shape, CONNECTIONS, warmUp);
    const callRounds: LoadResult[] = [];
    const floorRounds: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pair = [
        async () => callRounds.push(await load(api.url, shape, CONNECTIONS, slice)),
        async () => floorRounds.push(await load(floorUrl, floor, CONNECTIONS, slice)),
      ];
      if (round % 2) pair.reverse();
      for (const run of pair) await run();
    }
    reads.push({ label, result: combined(callRounds), floor: combined(floorRounds) });
  }
  return {
    trainees: SCALE_TRAINEES,
    trainers: seeded.trainerIds.length,
    seedSeconds,
    databaseMiB: Math.round(Number(size?.bytes ?? 0) / 2 ** 20),
    idle: {
      seconds: SCALE_IDLE_SECONDS,
      cpuSecondsPerMinute:
        Math.round(((cpuAfter - cpuBefore) * 60 * 100) / SCALE_IDLE_SECONDS) / 100,
      // Less this step's own two reads of the counters.
      transactionsPerMinute: perMinute(countersAfter.xacts - countersBefore.xacts - 2),
      rowsReadPerMinute: perMinute(countersAfter.rowsRead - countersBefore.rowsRead),
    },
    reads,
  };
}

/** Rounds of one length as one run: mean req/s, median p50, worst p99. */
function combined(rounds: LoadResult[]): LoadResult {
  const p50s = rounds.map((round) => round.p50).sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(
      rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / Math.max(1, rounds.length),
    ),
    p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99: Math.max(0, ...rounds.map((round) => round.p99)),
    ok: rounds.reduce((sum, round) => sum + round.ok, 0),
    failed: rounds.reduce((sum, round) => sum + round.failed, 0),
    failures: rounds
      .map((round) => round.failures)
      .filter(Boolean)
      .join('; '),
  };
}

/** The report's section; a failed request is a problem. */
export function scaleSection(figures: ScaleFigures, problems: string[]): string[] {
  const rows = figures.reads.map(({ label, result, floor }) => {
    for (const [who, run] of [
      ['server', result],
      ['floor', floor],
    ] as const) {
      if (run.failed > 0) problems.push(`${label} at scale: the ${who} answered ${run.failures}`);
    }
    const times =
      result.requestsPerSecond > 0 ? floor.requestsPerSecond / result.requestsPerSecond : 0;
    return `| ${label} | ${result.requestsPerSecond} | ${result.p50} | ${result.p99} | ${floor.requestsPerSecond} | ${times.toFixed(1)} | ${result.failed} |`;
  });
  const { idle } = figures;
  return [
    `## At scale: ${figures.trainees.toLocaleString('en')} trainees`,
    '',
    `${figures.trainees.toLocaleString('en')} trainees seeded by bulk SQL in ${figures.seedSeconds} s (\`BENCH_TRAINEES\`), each with ${SCALE_DAYS} days: 4 to 6 foods a day, water, a weighing every 2 or 3 days, 3 workouts a week of 3 exercises of 3 sets; ${Math.round(LINKED_SHARE * 100)} % of them linked to ${figures.trainers} trainers of ${PER_TRAINER}. The database: ${figures.databaseMiB} MiB.`,
    '',
    `With no request for ${idle.seconds} s (\`BENCH_IDLE_SECONDS\`), every job running: the server spent **${idle.cpuSecondsPerMinute} s of CPU a minute** (user and system, from /proc), and its database counted **${idle.transactionsPerMinute} transactions a minute** (each statement outside a transaction is one) reading ${idle.rowsReadPerMinute.toLocaleString('en')} rows a minute (\`pg_stat_database\`: rows returned by scans and fetched by index). Jobs that run once a minute make a window under a minute land on one run or two: read these over 60 s or more.`,
    '',
    `The reads at ${CONNECTIONS} connections, each in turn with the one-query floor (a bare route reading one user by primary key from the same PostgreSQL), ${ROUNDS} rounds each. "× floor" is the floor's req/s over the call's: what the call costs in one-row reads.`,
    '',
    '| call | req/s | p50 ms | p99 ms | floor req/s | × floor | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}
