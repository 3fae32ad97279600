import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../apps/api/test/ports';

const run = promisify(execFile);
/** The newest PostgreSQL server of the Debian packages: /usr/lib/postgresql/<version>/bin. */
function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(`No PostgreSQL server binaries under ${root}: apt-get install postgresql`);
  }
  return join(root, newest, 'bin');
}

/**
 * A PostgreSQL server of the suite's own, from the Debian binaries: a temporary data
 * directory, a free port, trust authentication, its socket inside the directory. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` user.
 */
export interface PostgresInstance {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  isRunning(): Promise<boolean>;
  /** Stops the server if it runs and deletes the data directory. */
  destroy(): Promise<void>;
}

export async function createPostgresInstance(): Promise<PostgresInstance> {
  const bin = serverBinaries();
  const root = mkdtempSync(join(tmpdir(), 'forja-faults-pg-'));
  const asRoot = userInfo().uid === 0;
  const { uid, gid } = asRoot ? await postgresUser() : { uid: -1, gid: -1 };
  if (asRoot) chownSync(root, uid, gid);
  const data = join(root, 'data');
  const port = await freePort();

  const pg = async (tool: string, args: string[]) => {
    const [command, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    return run(command, argv, { timeout: 60_000 });
  };

  const destroyDirectory = () => {
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await pg('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
  } catch (error) {
    destroyDirectory();
    throw error;
  }

  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${root}`,
    '-c max_connections=50',
  ].join(' ');

  const instance: PostgresInstance = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', [
        '-D',
        data,
        '-l',
        join(root, 'server.log'),
        '-o',
        options,
        '-w',
        'start',
      ]);
    },
    async stop(mode) {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    async isRunning() {
      try {
        await pg('pg_ctl', ['-D', data, 'status']);
        return true;
      } catch {
        return false;
      }
    },
    async destroy() {
      try {
        if (await instance.isRunning()) await instance.stop('immediate');
      } finally {
        destroyDirectory();
      }
    },
  };
  try {
    await instance.start();
  } catch (error) {
    await instance.destroy();
    throw error;
  }
  return instance;
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
