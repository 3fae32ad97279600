import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkTrainees } from '#test/bulk-trainees';
import { createTestContext, type TestContext } from '#test/context';
import { testDatabaseKind } from '#test/database';
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

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

interface Submittable {
  text: string;
  values?: unknown[];
  submit: (...args: unknown[]) => unknown;
}

/** The statements `work` sends, whichever connection of the pool sends them. */
async function statementsOf(work: () => Promise<unknown>) {
  const sent: { text: string; values: unknown[] }[] = [];
  const query = (pg as unknown as { Query: { prototype: Submittable } }).Query.prototype;
  const original = query.submit;
  query.submit = function (this: Submittable, ...args: unknown[]) {
    sent.push({ text: this.text, values: this.values ?? [] });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    query.submit = original;
  }
  return sent;
}

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
    const reads = sent.filter((statement) => /^\s*(select|with)\b/i.test(statement.text));
    const selection = reads.filter((statement) => statement.text.includes('next_check_in_at'));
    expect(selection).toHaveLength(2);
    for (const statement of selection) {
      const { rows } = await explainer.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.text}`,
        statement.values,
      );
      const plan = rows[0]?.['QUERY PLAN'][0].Plan;
      if (!plan) throw new Error(`no plan for ${statement.text}`);
      const nodes = nodesOf(plan);
      const sequential = nodes
        .filter((node) => node['Node Type'] === 'Seq Scan')
        .map((node) => node['Relation Name']);
      expect(sequential, statement.text.slice(0, 200)).not.toContain('users');
      expect(sequential, statement.text.slice(0, 200)).not.toContain('trainer_links');
      expect(
        nodes.some((node) => node['Index Name'] === 'trainer_links_next_check_in_at_idx'),
        statement.text.slice(0, 200),
      ).toBe(true);
    }
  }, 120_000);
});
