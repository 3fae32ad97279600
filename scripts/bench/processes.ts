import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../../apps/api/test/ports';

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a server process and waits until `readyPath` answers 200; on a free port unless told. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  port?: number,
): Promise<Started> {
  port ??= await freePort();
  const child = spawn(process.execPath, args, {
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
