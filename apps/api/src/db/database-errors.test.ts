import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from './client';
import { createTestContext, type TestContext } from '#test/context';
import { createTestDatabase, testDatabaseKind } from '#test/database';
import { insertUser } from '#test/users';
import { isDatabaseUnavailable } from './database-errors';

/** A statement with more parameters than the wire protocol can carry (65535). */
const overflowing: SQL = sql`select count(*) from (values ${sql.join(
  Array.from({ length: 65_536 }, (_, index) => sql`(${index})`),
  sql`, `,
)}) as v(n)`;

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('the statement did not fail');
    },
    (error: unknown) => error,
  );
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    extend: (app, deps) => {
      app.get('/v0/too-many-parameters/', async () => {
        await deps.database.rows(overflowing);
        return { status: 200, data: null };
      });
    },
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('which database errors are an outage', () => {
  it('not the database refusing a statement: too many parameters, bad SQL, a broken constraint', async () => {
    const { database } = ctx;
    const tooMany = await failureOf(database.rows(overflowing));
    expect((tooMany as { cause?: { code?: string } }).cause?.code).toBe('08P01');
    expect(isDatabaseUnavailable(tooMany)).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(database.rows(sql`select * from nowhere`)))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(await failureOf(database.rows(sql`select 1 / 0`)))).toBe(false);
    const { email } = await insertUser(database.db);
    expect(isDatabaseUnavailable(await failureOf(insertUser(database.db, { email })))).toBe(false);
  });

  it('a database that is closed, or not there at all', async () => {
    const closed: Database = await createTestDatabase();
    await closed.close();
    expect(isDatabaseUnavailable(await failureOf(closed.ping()))).toBe(true);
    if (testDatabaseKind() === 'postgres') {
      // Nothing listens on port 1.
      const nowhere = createPostgresDatabase('postgres://forja@127.0.0.1:1/forja');
      expect(isDatabaseUnavailable(await failureOf(nowhere.ping()))).toBe(true);
      await nowhere.close();
    }
  });

  it('answers a statement the database refuses with a 500, never a 503', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/too-many-parameters/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 500,
      data: {
        error: 'internal server error',
        message: 'Error interno del servidor. Por favor, inténtelo de nuevo más tarde',
      },
    });
    expect(res.headers['retry-after']).toBeUndefined();
    // The connection it ran on is still good.
    expect((await ctx.app.inject({ method: 'GET', url: '/v0/health/' })).statusCode).toBe(200);
  });
});
