import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkTrainees } from '#test/bulk-trainees';
import { createTestContext, type TestContext } from '#test/context';
import { testDatabaseKind } from '#test/database';
import { planNodes, readsOf, sequentialScans, statementsOf } from '#test/query-plans';
import { computeCheckInMoments, dueCheckInCandidates } from './due-notices';

/**
 * The check-in notices' selection, explained by PostgreSQL over thousands of linked trainees
 * (decision 121): each minute it reads the links whose moment has come through its index,
 * never every user nor every link.
 */

const TRAINEES = 5000;
const LINKED_SHARE = 0.8;
// Wednesday 4 March 2026, 12:00 in Madrid: nobody is due (Forja's form is on Sunday).
const WEDNESDAY_NOON = new Date('2026-03-04T11:00:00.000Z');

let ctx: TestContext;
let explainer: pg.Client;

describe.runIf(testDatabaseKind() === 'postgres')('the check-in notices on PostgreSQL', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.set(WEDNESDAY_NOON);
    explainer = new pg.Client({ connectionString: ctx.database.url });
    await explainer.connect();
    await seedBulkTrainees(explainer, {
      trainees: TRAINEES,
      days: 1,
      today: '2026-03-03',
      perTrainer: 200,
      linkedShare: LINKED_SHARE,
      passwordHash: 'not-a-hash',
      tag: 'notices',
    });
  }, 180_000);

  afterAll(async () => {
    await explainer.end();
    await ctx.close();
  });

  it('read only the links whose moment has come, by index, with thousands linked', async () => {
    // The first passes set the moment of every link the seeding marked, a batch at a time.
    let set = 0;
    for (let moved = -1; moved !== 0;) {
      moved = await computeCheckInMoments(ctx.database.db, ctx.clock.now());
      set += moved;
    }
    expect(set).toBe(TRAINEES * LINKED_SHARE);
    await explainer.query('vacuum analyze trainer_links, users, user_preferences');

    let due: unknown[] = [];
    const sent = await statementsOf(async () => {
      due = await dueCheckInCandidates(ctx.database.db, ctx.clock.now());
    });
    expect(due).toEqual([]);
    const selection = readsOf(sent).filter((statement) =>
      statement.text.includes('next_check_in_at'),
    );
    expect(selection).toHaveLength(2);
    for (const statement of selection) {
      const nodes = await planNodes(explainer, statement);
      const sequential = sequentialScans(nodes);
      expect(sequential, statement.text.slice(0, 200)).not.toContain('users');
      expect(sequential, statement.text.slice(0, 200)).not.toContain('trainer_links');
      expect(
        nodes.some((node) => node['Index Name'] === 'trainer_links_next_check_in_at_idx'),
        statement.text.slice(0, 200),
      ).toBe(true);
    }
  }, 120_000);
});
