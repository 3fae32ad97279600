import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '#db/client';
import { databaseUrl } from './postgres-url';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.FORJA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase extends Database {
  /** A connection string for a second client of the same database (postgres only). */
  url: string | undefined;
}

/**
 * A fresh, migrated database of the kind this test project runs against: an in-memory
 * PGlite started from a copy of the run's migrated one, or a clone of the run's migrated
 * PostgreSQL template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    // A copy of the run's migrated database (pglite-setup.ts).
    const from = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await createPgliteDatabase(undefined, { from });
    return Object.assign(database, { url: undefined });
  }
  const { prefix, serverUrl } = inject('postgres');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${prefix}_template"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const database = createPostgresDatabase(url, { maxConnections: 10 });
  return Object.assign(database, { url });
}

/** An empty PostgreSQL database (no migrations), dropped with the rest of the run's. */
export async function createEmptyPostgresDatabaseUrl(): Promise<string> {
  const { prefix, serverUrl } = inject('postgres');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return databaseUrl(serverUrl, name);
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { prefix: string; serverUrl: string };
    /** The file of the run's migrated embedded database (pglite-setup.ts). */
    pgliteTemplate: string;
  }
}
