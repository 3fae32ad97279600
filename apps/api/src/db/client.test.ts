import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createEmptyPostgresDatabaseUrl, testDatabaseKind } from '#test/database';
import { isDatabaseUnavailable } from './database-errors';
import { OneStatementAtATime, createPgliteDatabase, createPostgresDatabase } from './client';
import { users } from './schema/users';

const newUser = {
  email: 'Ana@Example.com',
  password_hash: 'x',
  first_name: 'Ana',
  last_name: 'García',
  country: 'ES',
};

describe.runIf(testDatabaseKind() === 'postgres')('PostgreSQL migrations', () => {
  it('lets several instances start at once: the lock serialises them', async () => {
    const url = await createEmptyPostgresDatabaseUrl();
    const instances = Array.from({ length: 4 }, () =>
      createPostgresDatabase(url, { maxConnections: 2 }),
    );
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const first = instances[0];
      if (!first) throw new Error('no instance');
      const applied = await first.rows<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]?.count).toBeGreaterThan(0);
      const tables = await first.rows<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.map((row) => row.name)).toContain('users');
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('PostgreSQL connections', () => {
  it("run without JIT compilation, which costs a trainer's roster tens of milliseconds", async () => {
    const database = createPostgresDatabase(await createEmptyPostgresDatabaseUrl());
    try {
      expect(await database.rows(sql`show jit`)).toEqual([{ jit: 'off' }]);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')("one transaction's connection", () => {
  /** Counts the statements pg is running at once on any one connection. */
  function watchStatements() {
    const running = new Map<pg.Client, number>();
    let most = 0;
    const send = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const result = send.apply(this, args);
      if (!(result instanceof Promise)) return result as never;
      running.set(this, (running.get(this) ?? 0) + 1);
      most = Math.max(most, running.get(this) ?? 0);
      const done = () => {
        running.set(this, (running.get(this) ?? 1) - 1);
      };
      result.then(done, done);
      return result as never;
    });
    return {
      most: () => most,
      restore: () => {
        spy.mockRestore();
      },
    };
  }

  it('runs the statements started side by side one after another, each with its own answer', async () => {
    const statements = watchStatements();
    const database = createPostgresDatabase(await createEmptyPostgresDatabaseUrl());
    try {
      const answers = await database.db.transaction((tx) =>
        Promise.all(
          [1, 2, 3].map(async (n) => {
            const result: unknown = await tx.execute(sql`select ${n}::int as n, pg_sleep(0.02)`);
            return (result as { rows: { n: number }[] }).rows[0]?.n;
          }),
        ),
      );
      expect(answers).toEqual([1, 2, 3]);
      // pg's own queue would have had all three (and the transaction's BEGIN) at once.
      expect(statements.most()).toBe(1);
    } finally {
      statements.restore();
      await database.close();
    }
  });

  it('goes on with the next statement after one fails', async () => {
    const client = new OneStatementAtATime(await createEmptyPostgresDatabaseUrl());
    await client.connect();
    try {
      const [failed, next] = await Promise.allSettled([
        client.query('select 1 / 0'),
        client.query<{ n: number }>('select 2 as n'),
      ]);
      expect(failed.status).toBe('rejected');
      expect(next.status === 'fulfilled' && next.value.rows).toEqual([{ n: 2 }]);
    } finally {
      await client.end();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('a PostgreSQL connection that drops', () => {
  it('fails the transaction holding it with a 503 error, and the process and pool go on', async () => {
    const { createTestDatabase } = await import('#test/database');
    const database = await createTestDatabase();
    const lost: string[] = [];
    const dropping = createPostgresDatabase(database.url ?? '', {
      maxConnections: 2,
      onPoolError: (error) => lost.push(error.message),
    });
    try {
      const outcome = dropping.db.transaction(async (tx) => {
        const result: unknown = await tx.execute(sql`select pg_backend_pid() as pid`);
        const [row] = (result as { rows: { pid: number }[] }).rows;
        // The server ends this connection while the transaction holds it between statements.
        await database.db.execute(sql`select pg_terminate_backend(${row?.pid ?? 0})`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      const error: unknown = await outcome.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(lost.join('\n')).toContain('terminating connection');
      // The dead connection left the pool: the next query gets a fresh one.
      await expect(dropping.ping()).resolves.toBeUndefined();
    } finally {
      await dropping.close();
      await database.close();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('a pooled connection that is dead', () => {
  it('is not kept out of the pool when a transaction cannot even begin on it', async () => {
    const { createTestDatabase } = await import('#test/database');
    const database = await createTestDatabase();
    // One connection only: if a failed transaction kept it, nothing else could run.
    const pooled = createPostgresDatabase(database.url ?? '', { maxConnections: 1 });
    try {
      let failedToBegin = 0;
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const [row] = await pooled.rows<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        // The server ends the idle connection; the transaction picks it up at once.
        await database.db.execute(sql`select pg_terminate_backend(${row?.pid ?? 0})`);
        await pooled.db
          .transaction(async (tx) => tx.execute(sql`select 1`))
          .then(
            () => undefined,
            (error: unknown) => {
              expect(isDatabaseUnavailable(error)).toBe(true);
              failedToBegin += 1;
            },
          );
        await expect(pooled.ping()).resolves.toBeUndefined();
      }
      expect(failedToBegin, 'transactions that met a dead connection').toBeGreaterThan(0);
    } finally {
      await pooled.close();
      await database.close();
    }
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('the embedded database', () => {
  it('keeps its data in the data directory across restarts, migrating only once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forja-data-'));
    try {
      const first = await createPgliteDatabase(dataDir);
      await first.migrate();
      await first.db.insert(users).values(newUser);
      await first.close();

      const second = await createPgliteDatabase(dataDir);
      await second.migrate();
      const rows = await second.db.select({ email: users.email }).from(users);
      const applied = await second.rows<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      await second.close();
      expect(rows).toEqual([{ email: 'Ana@Example.com' }]);
      expect(applied[0]?.count).toBeGreaterThan(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the users table', () => {
  it('refuses a second account whose e-mail differs only in case', async () => {
    const { createTestDatabase } = await import('#test/database');
    const database = await createTestDatabase();
    try {
      await database.db.insert(users).values(newUser);
      await expect(
        database.db.insert(users).values({ ...newUser, email: 'ana@EXAMPLE.com' }),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
