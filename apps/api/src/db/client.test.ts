import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabaseUrl, testDatabaseKind } from '../../test/database';
import { createPgliteDatabase, createPostgresDatabase } from './client';
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
    const { createTestDatabase } = await import('../../test/database');
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
