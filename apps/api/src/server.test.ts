import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/database';
import { freePort } from '../test/ports';
import { createPgliteDatabase } from './db/client';
import { users } from './db/schema/users';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

interface Started {
  port: number;
  output: () => string;
  stop: (signal: NodeJS.Signals) => Promise<number | null>;
}

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      resolve(code);
    });
  });
  return { child, exited, output: () => output };
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const { child, exited, output } = run({ ...env, PORT: String(port) });
  // A start compiles the server with tsx and migrates PGlite: on two busy cores (the browser
  // journeys run beside these tests) that took more than 30 s.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`server did not answer:\n${output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v0/health/`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    output,
    stop: (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(testDatabaseKind() === 'pglite')('the server process', () => {
  // Six servers started with tsx: side by side, and with the time a start takes on a busy
  // machine (as the next test), since each compiles the server before it reads its variables.
  it('stops at start with one line naming a bad variable', async () => {
    const cases = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
      [{ PAYMENTS_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
      [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
      // Production without a real mailer or payment provider, unless asked for by name.
      [{ NODE_ENV: 'production' }, 'SMTP_URL'],
      [{ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }, 'PAYMENTS_PROVIDER'],
    ] as const;
    const stopped = await Promise.all(
      cases.map(async ([env, variable]) => {
        const { exited, output } = run(env);
        return { variable, code: await exited, lines: output().trim().split('\n') };
      }),
    );
    for (const { variable, code, lines } of stopped) {
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    }
  }, 180_000);

  it('creates the embedded database, stops cleanly on Ctrl-C and reuses it on the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forja-server-'));
    dataDirs.push(dataDir);

    const first = await start({ DATA_DIR: dataDir });
    expect(await first.stop('SIGINT')).toBe(0);

    // Something written between runs must still be there after the next clean stop.
    const between = await createPgliteDatabase(dataDir);
    await between.db.insert(users).values({
      email: 'persist@example.com',
      password_hash: 'x',
      first_name: 'Pía',
      last_name: 'Ortega',
      country: 'CL',
    });
    await between.close();

    const second = await start({ DATA_DIR: dataDir });
    const health = await fetch(`http://127.0.0.1:${second.port}/v0/health/`);
    expect(await health.json()).toMatchObject({ status: 200, data: { database: 'ok' } });
    expect(await second.stop('SIGTERM')).toBe(0);

    const after = await createPgliteDatabase(dataDir);
    const rows = await after.db.select({ email: users.email }).from(users);
    const migrations = await after.rows<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    await after.close();
    expect(rows).toEqual([{ email: 'persist@example.com' }]);
    expect(migrations[0]?.count).toBeGreaterThan(0);
  }, 180_000);
});
