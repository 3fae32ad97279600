/**
 * Lighthouse on two or more builds kept with `keep-build.ts`, served side by side from one
 * database and measured in turn, round after round (the order reversed every other round).
 * Lighthouse's scores move with the machine from one minute to the next, so a change is
 * judged against the build before it measured in the same minutes, not against an earlier
 * bench run.
 *
 *   npx tsx scripts/bench/side-by-side.ts /tmp/before /tmp/after
 *
 * SIDE_BY_SIDE_ROUNDS (5), SIDE_BY_SIDE_PATHS (/users/diary,/users/home: visited signed in as
 * a trainee with a year of data); BENCH_LIGHTHOUSE_DIR keeps each report, under a folder per
 * build and round.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { Addresses, account } from './accounts';
import { lighthouseScores, summary } from './browser';
import { seedYearOfDiary } from './diary-data';
import { createScratchDatabase } from '../faults/support/scratch-database';
import { serverEnvironment, settle, startProcess, type Started } from './processes';

const builds = process.argv.slice(2).map((folder) => resolve(folder));
if (builds.length < 2 || builds.some((build) => !existsSync(join(build, 'apps/api/dist')))) {
  process.stderr.write('usage: npx tsx scripts/bench/side-by-side.ts <kept build> <kept build>…\n');
  process.exit(2);
}
// Each build is named by its folder in what is printed and kept.
if (new Set(builds.map((build) => basename(build))).size < builds.length) {
  process.stderr.write('the kept builds need folders of different names\n');
  process.exit(2);
}
const rounds = Number(process.env.SIDE_BY_SIDE_ROUNDS ?? 5);
const paths = (process.env.SIDE_BY_SIDE_PATHS ?? '/users/diary,/users/home').split(',');
const reportsDir = process.env.BENCH_LIGHTHOUSE_DIR;
const database = await createScratchDatabase('forja_side_by_side');
const environment = serverEnvironment(database.url);
const db = database.client;
const servers: Started[] = [];
try {
  // One at a time: the first applies the migrations the others then find done.
  for (const build of builds) {
    servers.push(
      await startProcess([join(build, 'apps/api/dist/server.js')], environment, '/v0/health/'),
    );
  }
  const first = servers[0];
  if (!first) throw new Error('no server started');
  const trainee = await account(first.url, db, new Addresses(), 'onboarded');
  await seedYearOfDiary(db, trainee.email);

  const runs = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    const order = builds.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const build = builds[index];
      const server = servers[index];
      if (!build || !server) continue;
      await settle(0.85, 20_000);
      const scores = await lighthouseScores(
        server.url,
        paths.map((path) => ({ path, tokens: trainee.tokens })),
        1,
        reportsDir && join(reportsDir, `${basename(build)}-${String(round + 1)}`),
      );
      for (const score of scores) {
        const key = `${basename(build)} ${score.path}`;
        const performance = score.performance?.median ?? Number.NaN;
        runs.set(key, [...(runs.get(key) ?? []), performance]);
        process.stdout.write(
          `round ${String(round + 1)}: ${key}: ${String(performance)}, ${score.metrics}, CPU index ${String(score.benchmarkIndex?.median ?? '?')}\n`,
        );
      }
    }
  }
  process.stdout.write(
    '\n| build and page | performance: median (range) | each round |\n| --- | --- | --- |\n',
  );
  for (const [key, values] of runs) {
    const score = summary(values);
    const cell = score
      ? `${String(score.median)} (${String(score.min)}–${String(score.max)})`
      : '?';
    process.stdout.write(`| ${key} | ${cell} | ${values.map(String).join(', ')} |\n`);
  }
} finally {
  for (const server of servers.reverse()) await server.stop();
  await database.drop();
}
