import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../../apps/api/test/ports';

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Node's flags for the server, as production runs it (README, Production; decision 108). */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=384'];

/** What a server the bench starts runs with: production, on `databaseUrl`. */
export function serverEnvironment(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    // Each login under load comes from its own X-Forwarded-For address.
    TRUST_PROXY: '1',
    ALLOW_EMBEDDED_ADAPTERS: 'true',
    // One trainer sends the message bench's thousand messages in seconds.
    WRITE_LIMITS_SCALE: '1000',
  };
}

/** Starts a server process and waits until `readyPath` answers 200; on a free port unless told. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  port?: number,
): Promise<Started> {
  port ??= await freePort();
  // BENCH_PROFILE=<folder>: each server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited()) throw new Error(`process exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`process did not answer:\n${output}`);
    }
    try {
      const res = await fetch(url + readyPath);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    url,
    output: () => output,
    stop: async () => {
      if (exited()) return;
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exit;
    },
  };
}

/** Peak resident memory of a live process, in MiB (Linux). */
export function peakMemoryMiB(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match?.[1] ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Follows a process's peak resident memory through the phases of a run. */
export class PeakMemory {
  private highest = 0;
  private raisedBy = 'the start';
  private first: number | undefined;

  constructor(private readonly pid: number | undefined) {}

  /** Called after each phase: remembers the phase when the peak went up during it. */
  mark(phase: string): void {
    const peak = peakMemoryMiB(this.pid);
    this.first ??= peak;
    if (peak !== undefined && peak > this.highest) {
      this.highest = peak;
      this.raisedBy = phase;
    }
  }

  get peak(): number {
    return this.highest;
  }

  /** The peak at the first mark. */
  get afterSetup(): number | undefined {
    return this.first;
  }

  /** The phase during which the peak was last raised. */
  get reachedDuring(): string {
    return this.raisedBy;
  }
}

/** The share of CPU time the whole machine spent idle over `ms` (Linux /proc/stat). */
async function idleShare(ms: number): Promise<number> {
  const read = () => {
    const [, ...fields] =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    const ticks = fields.map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are idle time.
    return { idle: (ticks[3] ?? 0) + (ticks[4] ?? 0), total: ticks.reduce((a, b) => a + b, 0) };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  const total = after.total - before.total;
  return total > 0 ? (after.idle - before.idle) / total : 1;
}

/**
 * Waits until the machine is quiet (at least `share` of its CPU idle over a second), at most
 * `limitMs`: what earlier steps left running (hashing, PostgreSQL's background work) must
 * not be measured as the page's. Returns the idle share when it stopped waiting.
 */
export async function settle(share = 0.9, limitMs = 60_000): Promise<number> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const idle = await idleShare(1000);
    if (idle >= share || Date.now() >= deadline) return idle;
  }
}

/** CPU time (user and system) the processes `pids` have spent so far, in ms (Linux). */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The fields after the command's name, which may hold spaces, closed by its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone since it was listed
    }
  }
  // Linux counts in USER_HZ, 100 a second on every common build.
  return ticks * 10;
}
