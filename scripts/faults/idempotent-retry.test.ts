/**
 * A write whose answer is lost after it committed: a TCP proxy in front of the built server
 * forwards the request and drops the connection as the answer comes back, so the client
 * sees a network error although the server applied the write. The client then sends the
 * same request again. Without an Idempotency-Key the diary gets the entry twice; with one,
 * once, and the retry answers what the first call answered (decision 067).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { report } from './support/figures';
import { call, Tally } from './support/http';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

/** Retried writes of each kind: with and without a key. */
const WRITES = 10;

let database: ScratchDatabase | undefined;
let server: ApiServer | undefined;
let proxy: Server | undefined;

/**
 * Forwards each connection to `port`, and cuts it (both ways) at the first byte of the
 * answer: the server has committed by then, the client never hears of it.
 */
function answerDroppingProxy(port: number): Promise<{ server: Server; url: string }> {
  const sockets = new Set<Socket>();
  const proxyServer = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.once('data', () => {
      client.destroy();
      upstream.destroy();
    });
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
  });
  proxyServer.on('close', () => {
    for (const socket of sockets) socket.destroy();
  });
  return new Promise((resolve) => {
    proxyServer.listen(0, '127.0.0.1', () => {
      const address = proxyServer.address();
      if (!address || typeof address === 'string') throw new Error('no proxy port');
      resolve({ server: proxyServer, url: `http://127.0.0.1:${address.port}` });
    });
  });
}

beforeAll(async () => {
  database = await createScratchDatabase();
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (proxy)
      proxy.close(() => {
        resolve();
      });
    else resolve();
  });
  await server?.stop();
  await database?.drop();
});

describe('a write retried after its answer was lost', () => {
  it('is stored twice without an Idempotency-Key and once with one', async () => {
    if (!database) throw new Error('no database');
    const db = database.client;
    server = await startServer({ DATABASE_URL: database.url });
    const dropping = await answerDroppingProxy(server.port);
    proxy = dropping.server;
    const tally = new Tally();
    const ana = await signUp(server.url, db);

    const entry = (name: string) => ({
      kind: 'quick',
      date: new Date().toISOString().slice(0, 10),
      meal: 'cena',
      name,
      kcal: 300,
    });
    let lostAnswers = 0;
    let replayed = 0;
    for (let n = 0; n < WRITES; n += 1) {
      for (const keyed of [false, true]) {
        const headers: Record<string, string> = keyed ? { 'idempotency-key': `cena-${n}` } : {};
        const body = entry(`${keyed ? 'con' : 'sin'} clave ${n}`);
        const lost = await call(dropping.url, 'POST', '/v0/diary/entries/', {
          token: ana.token,
          headers,
          body,
        });
        tally.add(lost.status);
        if (typeof lost.status === 'string') lostAnswers += 1;
        const retry = await call(server.url, 'POST', '/v0/diary/entries/', {
          token: ana.token,
          headers,
          body,
        });
        tally.add(retry.status);
        expect(retry.status, JSON.stringify(retry.body)).toBe(201);
        if (retry.headers?.get('idempotent-replayed') === 'true') replayed += 1;
      }
    }

    const count = async (prefix: string) => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from diary_entries where user_id = $1 and name like $2`,
        [ana.id, `${prefix}%`],
      );
      return rows[0]?.n ?? 0;
    };
    const withoutKey = await count('sin clave');
    const withKey = await count('con clave');
    report('Answer lost after commit, then retried', {
      requests: tally.total,
      answers: tally.toString(),
      recordsChecked: withKey + withoutKey,
      recordsLost: 0,
      extra: {
        'answers lost': lostAnswers,
        'entries without a key': `${withoutKey} for ${WRITES} writes`,
        'entries with a key': `${withKey} for ${WRITES} writes`,
        'retries replayed': replayed,
      },
    });
    expect(lostAnswers).toBe(2 * WRITES);
    // The fault this scenario is about: without a key, the retry applies the write again.
    expect(withoutKey).toBe(2 * WRITES);
    expect(withKey).toBe(WRITES);
    expect(replayed).toBe(WRITES);
  });
});
