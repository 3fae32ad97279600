import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase } from '#db/client';
import { loadReferenceData } from '#modules/foods/reference-data';
import { adminUrl, databaseUrl, postgresServerUrl } from './postgres-url';

/**
 * Creates this run's template database and migrates it once; each test file then clones
 * it (CREATE DATABASE … TEMPLATE), and everything this run made is dropped at the end.
 */
// Vitest requires a default export for global setup files.
export default async function setup(project: TestProject) {
  const serverUrl = postgresServerUrl();
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${serverUrl} (${reason}): start it or set TEST_DATABASE_URL.`,
    );
  }
  const prefix = `forja_test_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  await admin.query(`create database "${template}"`);
  const database = createPostgresDatabase(databaseUrl(serverUrl, template), { maxConnections: 2 });
  try {
    await database.migrate(loadReferenceData);
  } finally {
    await database.close();
  }
  project.provide('postgres', { prefix, serverUrl });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
  };
}
