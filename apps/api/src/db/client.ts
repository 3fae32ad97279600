import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from './database-errors';
import { migrationsFolder } from '#paths';

/** The query builder every service receives, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Work that must follow the migrations and, like them, run once at a time. */
export type Seed = (db: Db) => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL and returns its rows, the same way on both engines. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * Applies pending migrations, then runs `seed` (the process passes the loading of the
   * shipped reference data) under the same lock; safe to call from several instances at once.
   */
  migrate(seed?: Seed): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Receives the NOTIFYs of `channel` on a connection of its own (decision 060). `onConnect`
   * runs each time the connection is (again) listening: what was sent while it was down was
   * lost, so the caller reads it from the tables then.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onConnect(): void;
  onError?(error: Error): void;
}

export interface Listening {
  close(): Promise<void>;
}

const channelName = /^[a-z_]{1,63}$/;

/** How long a lost listening connection waits before it tries again. */
export const LISTEN_RETRY_MS = 1_000;

/**
 * One dedicated client per call, outside the pool, reconnecting (every second) whenever the
 * connection is lost, the database restarting for instance. Resolves once it first listens;
 * a first attempt that fails rejects, and the caller may try again later.
 */
function listenWithPg(url: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  let closed = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let first: { resolve: () => void; reject: (error: Error) => void } | null = null;

  const listening: Listening = {
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
  const lost = (client: pg.Client, error?: Error) => {
    if (client !== current || closed) return;
    current = null;
    client.end().catch(() => undefined);
    if (first) {
      first.reject(error ?? new Error('listening connection ended'));
      first = null;
      closed = true;
      return;
    }
    if (error) handlers.onError?.(error);
    timer = setTimeout(connect, LISTEN_RETRY_MS);
  };
  const connect = () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', (error) => {
      lost(client, error);
    });
    client.on('end', () => {
      lost(client);
    });
    client
      .connect()
      .then(() => client.query(`listen ${channel}`))
      .then(
        () => {
          if (client !== current || closed) return;
          handlers.onConnect();
          first?.resolve();
          first = null;
        },
        (error: unknown) => {
          lost(client, error as Error);
        },
      );
  };
  return new Promise<Listening>((resolve, reject) => {
    first = {
      resolve: () => {
        resolve(listening);
      },
      reject,
    };
    connect();
  });
}

function rowsOf(db: Db) {
  return async <T>(query: SQL): Promise<T[]> => {
    // Both drivers answer { rows }; the shared Drizzle type does not say so.
    const result: unknown = await db.execute(query);
    return (result as { rows: T[] }).rows;
  };
}

// Any fixed number: instances of Forja agree on it to serialise their migrations.
const MIGRATION_LOCK_KEY = 7_240_001;

export interface PostgresOptions {
  onPoolError?: (error: Error) => void;
  maxConnections?: number;
}

/**
 * A connection that runs the statements it is given one after another. Work started side by
 * side on one transaction's connection (reads under `Promise.all` in a service given a
 * request's transaction, decisions 067 and 111) waits its turn here. pg would
 * queue them itself, but pg 8 deprecates that queue and pg 9 refuses a statement sent while
 * another runs. Callback and submittable statements (the pool's own `pool.query`, which runs
 * one statement on a connection no one else holds) go straight through.
 */
export class OneStatementAtATime extends pg.Client {
  #turn: Promise<unknown> = Promise.resolve();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const send = pg.Client.prototype.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [first] = args;
      const submittable =
        typeof first === 'object' &&
        first !== null &&
        'submit' in first &&
        typeof first.submit === 'function';
      if (submittable || typeof args.at(-1) === 'function') return send(...args);
      const statement = this.#turn.then(() => send(...args));
      this.#turn = statement.catch(() => undefined);
      return statement;
    }) as pg.Client['query'];
  }
}

export function createPostgresDatabase(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    Client: OneStatementAtATime,
    connectionString: url,
    max: options.maxConnections ?? 20,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // The API's statements are short reads and writes over indexes: compiling them (JIT,
    // which starts past a cost estimate that a trainer's roster reaches) costs tens of
    // milliseconds and saves nothing (decision 053).
    options: '-c jit=off',
  });
  // An idle connection that the server drops must not bring the process down; the next
  // query opens a new one.
  pool.on('error', (error) => options.onPoolError?.(error));
  // Nor one dropped while a request holds it between two statements of a transaction: the
  // error then goes to the client, not the pool. The request's next query fails (a 503) and
  // the pool discards the connection when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error));
  });
  const db = drizzleNodePg(pool) as unknown as Db;
  // Drizzle's own transaction() on a pool sends BEGIN before its try/finally: when the
  // connection it took is already dead, BEGIN fails and the connection is never given
  // back. A few of those (the database restarting) and the pool is empty for good. Here
  // the connection is taken and given back around the whole transaction, so every path
  // returns it (and a broken one is dropped).
  db.transaction = async (work, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      return await drizzleNodePg(client).transaction(work, config);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
    }
  };

  return {
    db,
    kind: 'postgres',
    rows: rowsOf(db),
    async migrate(seed) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzleNodePg(client);
          await migrateNodePg(locked, { migrationsFolder });
          await seed?.(locked);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen(channel, handlers) {
      if (!channelName.test(channel)) throw new Error(`bad channel name ${channel}`);
      return listenWithPg(url, channel, handlers);
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * The embedded database: files in `dataDir`, or memory when `dataDir` is undefined. A
 * database in memory may start `from` a copy of another's files (PGlite's `dumpDataDir`),
 * which skips creating an empty one.
 */
export async function createPgliteDatabase(
  dataDir: string | undefined,
  options: { from?: Blob } = {},
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir
    ? new PGlite(dataDir)
    : new PGlite(options.from ? { loadDataDir: options.from } : {});
  await client.waitReady;
  const drizzleDb = drizzlePglite(client);
  const db: Db = drizzleDb;

  return {
    db,
    kind: 'pglite',
    rows: rowsOf(db),
    async migrate(seed) {
      // One process owns an embedded database, so there is nobody to race with.
      await migratePglite(drizzleDb, { migrationsFolder });
      await seed?.(db);
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, handlers) {
      if (!channelName.test(channel)) throw new Error(`bad channel name ${channel}`);
      // The embedded database is this process: its connection never drops.
      const stop = await client.listen(channel, (payload) => {
        handlers.onNotify(payload);
      });
      handlers.onConnect();
      return {
        async close() {
          if (!client.closed) await stop();
        },
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
