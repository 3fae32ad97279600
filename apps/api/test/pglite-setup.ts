import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPgliteDatabase } from '#db/client';
import { loadReferenceData } from '#modules/foods/reference-data';

/**
 * Migrates one embedded database for the run and keeps a copy of its files; each test file
 * starts its own database from that copy (`createTestDatabase`), as the PostgreSQL project
 * clones its template. Creating an empty PGlite and migrating it takes seconds per file.
 */
// Vitest requires a default export for global setup files.
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'forja-pglite-template-'));
  const dataDir = join(folder, 'data');
  const file = join(folder, 'template.tar');
  const database = await createPgliteDatabase(dataDir);
  try {
    await database.migrate(loadReferenceData);
  } finally {
    await database.close();
  }
  const files = new PGlite(dataDir);
  try {
    await files.waitReady;
    const dump = await files.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await files.close();
  }
  project.provide('pgliteTemplate', file);
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
