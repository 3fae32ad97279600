import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, signIn } from '#test/accounts';
import { seedBulkTrainees } from '#test/bulk-trainees';
import { createTestContext, type TestContext } from '#test/context';
import { testDatabaseKind } from '#test/database';
import { planNodes, readsOf, sequentialScans, statementsOf } from '#test/query-plans';
import { proposeWeeklyTargets } from '../targets/proposals.service';

/**
 * Every statement a trainer's reads send, explained by PostgreSQL over a few thousand users
 * (decision 108): a trainer's roster, Hoy and a trainee's file must read their trainees by
 * index, never by scanning every user, or they grow with the whole user base.
 */

const TRAINEES = 4000;
/** Trainees per trainer, the most a roster shows in one page: 40 % of the users have one. */
const PER_TRAINER = 200;
const TODAY = '2026-03-02';

let ctx: TestContext;
let explainer: pg.Client;
let trainerId: string;
let traineeId: string;
let headers: Record<string, string>;

describe.runIf(testDatabaseKind() === 'postgres')("a trainer's reads on PostgreSQL", () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.set(new Date(`${TODAY}T18:00:00.000Z`));
    explainer = new pg.Client({ connectionString: ctx.database.url });
    await explainer.connect();
    const seeded = await seedBulkTrainees(explainer, {
      trainees: TRAINEES,
      days: 7,
      today: TODAY,
      perTrainer: PER_TRAINER,
      linkedShare: 0.4,
      passwordHash: 'not-a-hash',
      tag: 'plans',
    });
    trainerId = seeded.trainerIds[2] ?? '';
    traineeId = seeded.traineeIds[2 * PER_TRAINER + 1] ?? '';
    headers = auth((await signIn(ctx, trainerId)).access_token);
  }, 120_000);

  afterAll(async () => {
    await explainer.end();
    await ctx.close();
  });

  it('scan no table of users sequentially, with thousands of them', async () => {
    const paths = [
      '/v0/trainers/trainees/?limit=200',
      '/v0/trainers/queue/',
      '/v0/trainers/check-ins/',
      '/v0/trainers/messages/unread/',
      `/v0/trainers/trainees/${traineeId}/`,
      `/v0/trainers/trainees/${traineeId}/metrics/`,
      `/v0/trainers/trainees/${traineeId}/diary/days/${TODAY}/`,
      `/v0/trainers/trainees/${traineeId}/workouts/?from=2026-02-01&to=${TODAY}`,
      `/v0/trainers/trainees/${traineeId}/proposals/`,
      `/v0/trainers/trainees/${traineeId}/check-ins/`,
      `/v0/trainers/trainees/${traineeId}/notes/`,
      `/v0/trainers/trainees/${traineeId}/messages/`,
    ];
    const statuses: Record<string, number> = {};
    const sent = await statementsOf(async () => {
      for (const url of paths) {
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        statuses[url] = res.statusCode;
      }
    });
    expect(statuses).toEqual(Object.fromEntries(paths.map((path) => [path, 200])));
    const reads = readsOf(sent);
    expect(reads.length).toBeGreaterThan(paths.length);
    const sequential: string[] = [];
    for (const read of reads) {
      for (const table of sequentialScans(await planNodes(explainer, read))) {
        if (table === 'users') sequential.push(read.text.slice(0, 300));
      }
    }
    expect(sequential).toEqual([]);
  });

  it('find the rows behind a foreign key by index when an account or a food goes', async () => {
    // What PostgreSQL runs for `on delete set null` and `on delete cascade`: without an index
    // each deleted account or own food would read every user, every diary entry.
    const statements: [string, string][] = [
      ['update only users set trainer_id = null where trainer_id = $1', trainerId],
      ['update only diary_entries set food_id = null where food_id = $1', trainerId],
      ['delete from only message_counts where trainer_id = $1', trainerId],
    ];
    for (const [text, value] of statements) {
      const nodes = await planNodes(explainer, { text, values: [value] });
      expect(sequentialScans(nodes), text).toEqual([]);
    }
  });

  it('select only the weeks not yet looked at for the weekly proposals', async () => {
    // Every trainee's week looked at already: the pass finds nothing, by index.
    await explainer.query(
      `update onboarding_answers set proposals_week = date_trunc('week', $1::date)::date`,
      [TODAY],
    );
    await explainer.query('analyze onboarding_answers');
    const sent = await statementsOf(async () => {
      expect(await proposeWeeklyTargets({ db: ctx.database.db, clock: ctx.clock })).toEqual({
        made: 0,
      });
    });
    const [selection] = sent.filter((statement) =>
      /from "onboarding_answers"/.test(statement.text),
    );
    if (!selection) throw new Error('the pass read no onboarding answers');
    expect(sequentialScans(await planNodes(explainer, selection))).toEqual([]);
  });
});
