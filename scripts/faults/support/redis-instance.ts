import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../../../apps/api/test/ports';

/**
 * A redis-server of the scenario's own (the binary on PATH) on a free port, without
 * persistence, so stopping and starting it never touches the shared one on 6379.
 */
export interface RedisInstance {
  port: number;
  /** redis://127.0.0.1:<port> */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** True when a PING on the port gets its PONG within half a second. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const finish = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => {
      finish(false);
    });
    socket.once('error', () => {
      finish(false);
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      finish(data.toString().startsWith('+PONG'));
    });
  });
}

export async function createRedisInstance(): Promise<RedisInstance> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      child = started;
      const deadline = Date.now() + 10_000;
      while (!(await pong(port))) {
        if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`);
        if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
