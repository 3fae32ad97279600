import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = join(repoRoot, 'apps/api/dist/server.js');
const webIndex = join(repoRoot, 'apps/web/dist/index.html');
const STARTUP_TIMEOUT_MS = 30_000;

/**
 * Runs the built server (API and app together, as in production) on a free port with an
 * empty PostgreSQL database of this run's, for the whole run. Returns the teardown. The
 * embedded database is proven by the API suite's PGlite project (decision 120).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }

  const port = await findFreePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'forja-e2e-'));
  const database = await createDatabase();
  const baseUrl = `http://127.0.0.1:${String(port)}`;

  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      // Checkout return addresses must be this very origin, where the session is stored.
      PUBLIC_URL: baseUrl,
      PAYMENTS_PROVIDER: 'local',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Each worker, and each account the journeys set up through the API, speaks from an
      // address of its own (X-Forwarded-For from this machine), as many people would: the
      // suite registers more people than one address may in ten minutes (decision 006).
      TRUST_PROXY: 'loopback',
      // Web Push on, with keys of this run (decision 062).
      ...vapidKeys(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => {
    server.once('exit', resolve);
  });

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  };

  try {
    await waitForHealth(baseUrl, () => server.exitCode);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The server did not start: ${reason}\nServer output:\n${output}`);
  }

  process.env.E2E_BASE_URL = baseUrl;
  return stop;
}

/**
 * A database of this run's on the PostgreSQL the API suite uses (`TEST_DATABASE_URL`, by
 * default the local server), dropped at the end.
 */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `forja_e2e_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
      await client.query(sql);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`PostgreSQL at ${serverUrl}: ${reason}`);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/** A VAPID key pair, as `npx web-push generate-vapid-keys` prints one. */
function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: privateKey.toString('base64url'),
    VAPID_SUBJECT: 'mailto:avisos@forja.test',
  };
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

async function waitForHealth(baseUrl: string, exitCode: () => number | null): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const code = exitCode();
    if (code !== null) throw new Error(`it exited with code ${String(code)}`);
    try {
      const response = await fetch(`${baseUrl}/v0/health/`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`GET /v0/health/ did not answer 200 within ${String(STARTUP_TIMEOUT_MS)} ms`);
}
