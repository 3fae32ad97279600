import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrl, postgresServerUrl } from '../../../apps/api/test/postgres-url';

export interface ScratchDatabase {
  url: string;
  /** A client of the database, for reading what the server wrote. */
  client: pg.Client;
  drop(): Promise<void>;
}

/**
 * An empty database on the test PostgreSQL server (TEST_DATABASE_URL), which the server
 * under test migrates at start; dropped at the end whatever happened. The fault scenarios
 * and the bench (`prefix`) use it.
 */
export async function createScratchDatabase(prefix = 'forja_faults'): Promise<ScratchDatabase> {
  const serverUrl = postgresServerUrl();
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${serverUrl} (${reason}): start it or set TEST_DATABASE_URL.`,
    );
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = databaseUrl(serverUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    url,
    client,
    async drop() {
      await client.end().catch(() => undefined);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
