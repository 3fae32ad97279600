import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
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
/**
 * How long the server is left without requests while its CPU and queries are counted, once
 * the first pass over the seeded trainees is done: 60 or more (whole minutes) for figures.
 */
export const SCALE_IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
/**
 * The longest wait for that first pass: the jobs that run each minute look at every seeded
 * trainee once (their weekly proposal, say), which is work due, not idle cost.
 */
export const SCALE_WARM_UP_SECONDS = Number(process.env.BENCH_IDLE_WARM_UP_SECONDS ?? 600);
/** The jobs that run each minute, whose first pass the warm-up waits for. */
const MINUTE_JOBS = ['weekly-proposals', 'check-in-notices', 'reminders', 'digests', 'payments'];
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
    /** The warm-up: from the seeding's end until the first pass of every job was done. */
    warmUp: { seconds: number; cpuSecondsPerMinute: number; done: boolean };
    /** CPU seconds in each whole minute of the window. */
    minutes: number[];
    /** The 1-minute load average at each minute's end, the machine's (shared) load. */
    loads: number[];
    /** The tables most read in the window, rows a minute (scans and index fetches). */
    tables: { table: string; rowsPerMinute: number }[];
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

/** Rows read from each table of the database so far: by scans and fetched by index. */
async function tableReads(db: pg.Client): Promise<Map<string, number>> {
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ name: string; reads: string }>(
    `select relname as name, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as reads
     from pg_stat_user_tables`,
  );
  return new Map(rows.map((row) => [row.name, Number(row.reads)]));
}

/**
 * Waits, at most `SCALE_WARM_UP_SECONDS`, until each job that runs each minute has ended a
 * pass after `since` with nothing more due (due again a whole interval after it started, not
 * at once as after a full batch) and no item is held: the first look at the seeded trainees
 * is over. Answers whether it was.
 */
async function firstPassDone(db: pg.Client, since: Date): Promise<boolean> {
  const deadline = Date.now() + SCALE_WARM_UP_SECONDS * 1000;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ waiting: string; items: string }>(
      `select (select count(*) from jobs where name = any($1) and not coalesce(
          status = 'queued' and last_run_at > $2 and run_at >= last_run_at + interval '50 seconds',
          false
        )) as waiting,
        (select count(*) from job_items where failed_at is null) as items`,
      [MINUTE_JOBS, since],
    );
    if (Number(rows[0]?.waiting ?? 1) === 0 && Number(rows[0]?.items ?? 1) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return false;
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

  // What the seeding's own statements leave to flush is not the server's.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const seededAt = new Date();
  process.stdout.write('Waiting for the first pass of every job over the seeded trainees…\n');
  const cpuAtSeeded = cpuSeconds(api.pid);
  const done = await firstPassDone(db, seededAt);
  // Past the minute in which the last pass ended, so the window starts in steady state.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const warmUpSeconds = (Date.now() - seededAt.getTime()) / 1000;
  const warmUpCpu = cpuSeconds(api.pid) - cpuAtSeeded;
  process.stdout.write(
    `First pass ${done ? 'done' : 'not done'} after ${Math.round(warmUpSeconds)} s (${warmUpCpu.toFixed(1)} s of CPU); ${SCALE_IDLE_SECONDS} s without requests…\n`,
  );
  const cpuBefore = cpuSeconds(api.pid);
  const countersBefore = await databaseCounters(db, databaseName);
  const tablesBefore = await tableReads(db);
  const minutes: number[] = [];
  const loads: number[] = [];
  let left = SCALE_IDLE_SECONDS;
  let cpuMark = cpuBefore;
  while (left > 0) {
    const slice = Math.min(60, left);
    await new Promise((resolve) => setTimeout(resolve, slice * 1000));
    const cpuNow = cpuSeconds(api.pid);
    if (slice === 60) minutes.push(Math.round((cpuNow - cpuMark) * 100) / 100);
    loads.push(Math.round((loadavg()[0] ?? 0) * 10) / 10);
    cpuMark = cpuNow;
    left -= slice;
  }
  const cpuAfter = cpuSeconds(api.pid);
  const countersAfter = await databaseCounters(db, databaseName);
  const tablesAfter = await tableReads(db);
  const perMinute = (value: number) => Math.round((value * 60) / SCALE_IDLE_SECONDS);
  const tables = [...tablesAfter.entries()]
    .map(([table, reads]) => ({
      table,
      rowsPerMinute: perMinute(reads - (tablesBefore.get(table) ?? 0)),
    }))
    .filter((entry) => entry.rowsPerMinute > 0)
    .sort((a, b) => b.rowsPerMinute - a.rowsPerMinute)
    .slice(0, 6);

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
      warmUp: {
        seconds: Math.round(warmUpSeconds),
        cpuSecondsPerMinute: Math.round((warmUpCpu * 60 * 100) / warmUpSeconds) / 100,
        done,
      },
      minutes,
      loads,
      tables,
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
    `After the seeding, the jobs' first pass over the trainees (each one's weekly proposal is work due, not idle cost) ${idle.warmUp.done ? 'ended' : 'had not ended'} after ${idle.warmUp.seconds} s, at ${idle.warmUp.cpuSecondsPerMinute} s of CPU a minute (\`BENCH_IDLE_WARM_UP_SECONDS\` at most). Then, with no request for ${idle.seconds} s (\`BENCH_IDLE_SECONDS\`), every job running: the server spent **${idle.cpuSecondsPerMinute} s of CPU a minute** (user and system, from /proc${idle.minutes.length > 1 ? `; minute by minute ${idle.minutes.join(', ')}` : ''}; the machine's load average ${idle.loads.join(', ')}), and its database counted **${idle.transactionsPerMinute} transactions a minute** (each statement outside a transaction is one) reading ${idle.rowsReadPerMinute.toLocaleString('en')} rows a minute (\`pg_stat_database\`: rows returned by scans and fetched by index); the tables most read, rows a minute: ${idle.tables.map((entry) => `${entry.table} ${entry.rowsPerMinute.toLocaleString('en')}`).join(', ') || 'none'}. Jobs that run once a minute make a window under a minute land on one run or two: read these over 60 s or more.`,
    '',
    `The reads at ${CONNECTIONS} connections, each in turn with the one-query floor (a bare route reading one user by primary key from the same PostgreSQL), ${ROUNDS} rounds each. "× floor" is the floor's req/s over the call's: what the call costs in one-row reads.`,
    '',
    '| call | req/s | p50 ms | p99 ms | floor req/s | × floor | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}
