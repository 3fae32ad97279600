import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const serverEntry = fileURLToPath(new URL('../../../apps/api/dist/server.js', import.meta.url));

/**
 * Checks the server is built, collects each scenario's figures line, and prints them all
 * together with the wall time at the end.
 */
// Vitest requires a default export for global setup files.
export default function setup(project: TestProject) {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run \`npm run build\` first.`);
  }
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'forja-faults-'));
  const file = join(dir, 'figures.txt');
  writeFileSync(file, '');
  project.provide('faultsFiguresFile', file);
  return () => {
    const lines = readFileSync(file, 'utf8').trim();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`\nFault suite figures (${seconds} s):\n${lines || '(no scenario finished)'}\n`);
    rmSync(dir, { recursive: true, force: true });
  };
}
