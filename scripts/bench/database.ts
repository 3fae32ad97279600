import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the bench makes its databases on. */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  url: string;
  /** Drops the database, ending whatever is still connected to it. */
  drop: () => Promise<void>;
}

/** A new, empty database on TEST_DATABASE_URL, named `<prefix>_<random>`. */
export async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database "${name}"`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** What a server the bench starts runs with: production, on `databaseUrl`. */
export function serverEnvironment(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    // Each login under load comes from its own X-Forwarded-For address.
    TRUST_PROXY: '1',
    ALLOW_EMBEDDED_ADAPTERS: 'true',
  };
}
