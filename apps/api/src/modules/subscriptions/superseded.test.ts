import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '@forja/shared/constants';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '#test/database';
import { insertUser } from '#test/users';
import { subscriptions } from '#db/schema/subscriptions';
import { supersededUsers, supersededUsersQuery } from './superseded.service';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A user with subscriptions in these statuses; `null` is one the provider never confirmed. */
async function userWith(statuses: (SubscriptionStatus | null)[]) {
  const user = await insertUser(database.db);
  for (const [index, status] of statuses.entries()) {
    await database.db.insert(subscriptions).values({
      user_id: user.id,
      plan: index === 0 ? 'free-trial-trainee' : 'premium-trainee',
      free_trial: index === 0,
      status: status ?? 'active',
      stripe_subscription_id: status === null ? null : `sub_${randomUUID()}`,
    });
  }
  return user.id;
}

describe('the sweep of superseded subscriptions', () => {
  it('selects only users paying for two live subscriptions, one of them active', async () => {
    const due = await userWith(['active', 'active']);
    const pendingBesideActive = await userWith(['pending', 'active']);
    const pastDueBesideActive = await userWith(['active', 'past_due']);
    await userWith(['active']);
    await userWith(['canceled', 'active']);
    await userWith(['pending', 'past_due']);
    await userWith([null, 'pending']);

    expect((await supersededUsers(database.db)).sort()).toEqual(
      [due, pendingBesideActive, pastDueBesideActive].sort(),
    );
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'reads the partial index, not the table',
    async () => {
      // A few rows make any plan cheap; without sequential scans the plan shows what it can use.
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const answer: unknown = await tx.execute(sql`explain ${supersededUsersQuery(tx).getSQL()}`);
        return (answer as { rows: { 'QUERY PLAN': string }[] }).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).toContain('subscriptions_live_user_idx');
      expect(plan).not.toContain('Seq Scan');
    },
  );
});
