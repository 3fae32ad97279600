import { fileURLToPath } from 'node:url';
import { peakMemoryMiB, startProcess, type Started } from '../../bench/processes';

const serverEntry = fileURLToPath(new URL('../../../apps/api/dist/server.js', import.meta.url));

/** Every variable of the configuration table, unset: the suite names what it uses. */
const UNSET: Record<string, string> = Object.fromEntries(
  [
    'PUBLIC_URL',
    'DATABASE_URL',
    'DATA_DIR',
    'SMTP_URL',
    'MAIL_FROM',
    'PAYMENTS_PROVIDER',
    'STRIPE_SECRET_KEY',
    'STRIPE_PRICE_PREMIUM',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
    'TRIAL_DAYS',
    'PRICE_PREMIUM_CENTS',
    'PRICE_CURRENCY',
    'REDIS_URL',
    'TRUST_PROXY',
    'ALLOW_EMBEDDED_ADAPTERS',
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    'VAPID_SUBJECT',
    'PUSH_ENDPOINT_HOSTS',
  ].map((name) => [name, '']),
);

export interface ApiServer {
  url: string;
  port: number;
  pid: number;
  /** Everything the process wrote, for the failure message. */
  output(): string;
  alive(): boolean;
  /** Peak resident memory so far (VmHWM), in MiB. */
  peakMemoryMiB(): number | undefined;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; true when it exited cleanly. */
  stop(graceMs?: number): Promise<boolean>;
}

/**
 * Starts the built server (`apps/api/dist/server.js`) as a child process, configured by
 * environment variables only, and waits until /v0/health/ answers 200. `nodeArgs` go to node
 * before the entry (the push scenario's `--import` of its local push service's route).
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  nodeArgs: string[] = [],
): Promise<ApiServer> {
  const started: Started = await startProcess(
    [...nodeArgs, serverEntry],
    // Production, with the embedded mailer and checkout asked for by name unless a scenario
    // configures real ones.
    {
      ...UNSET,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      ALLOW_EMBEDDED_ADAPTERS: 'true',
      // Scenarios send hundreds of messages from one account in seconds.
      WRITE_LIMITS_SCALE: '1000',
      ...env,
    },
    '/v0/health/',
    port,
  );
  const { child } = started;
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url: started.url,
    port: Number(new URL(started.url).port),
    pid,
    output: started.output,
    alive,
    peakMemoryMiB: () => peakMemoryMiB(pid),
    async stop(graceMs = 15_000) {
      if (!alive()) return child.exitCode === 0;
      const exited = new Promise<void>((resolve) => {
        child.once('exit', () => {
          resolve();
        });
      });
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
      return child.exitCode === 0;
    },
  };
}
