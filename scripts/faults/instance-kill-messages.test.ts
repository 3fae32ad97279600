/**
 * Two API instances on one PostgreSQL, a conversation flowing, and the instance that holds
 * the client's event stream killed: the client reconnects to the other one, resumes after the
 * last event it received, and no message is lost or repeated (decision 060).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageEvent } from '@forja/shared/schemas/conversation';
import {
  openEventStream,
  type EventStreamClient,
  type StreamEvent,
} from '../../apps/api/test/event-stream';
import { signUp, type Account } from './support/accounts';
import { report } from './support/figures';
import { call, Tally } from './support/http';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

const MESSAGES = 300;
/** A message every this many ms: about six seconds of conversation. */
const PACE_MS = 20;
/** The instance dies after this many messages have been sent. */
const KILL_AFTER = 100;

let database: ScratchDatabase | undefined;
let doomed: ApiServer | undefined;
let survivor: ApiServer | undefined;
let trainer: Account;
let trainee: Account;

beforeAll(async () => {
  database = await createScratchDatabase();
  // The first migrates; the second starts on the migrated database.
  doomed = await startServer({ DATABASE_URL: database.url });
  survivor = await startServer({ DATABASE_URL: database.url });
  trainer = await signUp(survivor.url, database.client, { subscribed: false });
  trainee = await signUp(survivor.url, database.client);
  await database.client.query(`update users set role = 'trainer' where id = $1`, [trainer.id]);
  await database.client.query(`update users set trainer_id = $1 where id = $2`, [
    trainer.id,
    trainee.id,
  ]);
  await database.client.query(
    `insert into trainer_links (trainee_id, trainer_id, diary, training, body, check_ins)
     values ($1, $2, false, false, false, false)`,
    [trainee.id, trainer.id],
  );
});

afterAll(async () => {
  await doomed?.stop(0);
  const exitedCleanly = await survivor?.stop();
  if (survivor && exitedCleanly === false) console.error(survivor.output().slice(-4000));
  await database?.drop();
});

/**
 * What the web app does: one stream at a time; when it ends, a ticket from whichever instance
 * answers and a new stream there, resuming after the last event received.
 */
function follow(bases: string[], token: string) {
  const events: StreamEvent[] = [];
  let current: EventStreamClient | undefined;
  let lastId: string | undefined;
  const state = { stopped: false };
  // Read afresh each time: stop() changes it while the loop waits.
  const stopped = () => state.stopped;
  let reconnections = 0;
  let gapMs = 0;
  const run = async () => {
    while (!stopped()) {
      for (const base of bases) {
        if (stopped()) return;
        const lostAt = performance.now();
        try {
          current = await openEventStream(base, token, lastId ? { lastEventId: lastId } : {});
        } catch {
          continue;
        }
        if (lastId) {
          reconnections += 1;
          gapMs = Math.max(gapMs, performance.now() - lostAt);
        }
        const stream = current;
        const copy = setInterval(() => {
          events.push(...stream.events.splice(0));
          lastId = stream.lastEventId() || lastId;
        }, 5);
        await stream.ended;
        clearInterval(copy);
        events.push(...stream.events.splice(0));
        lastId = stream.lastEventId() || lastId;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const done = run();
  return {
    events,
    reconnections: () => reconnections,
    gapMs: () => gapMs,
    async stop() {
      state.stopped = true;
      current?.close();
      await done;
    },
  };
}

describe('an instance killed while messages flow', () => {
  it('loses no message: the stream moves to the other instance and catches up', async () => {
    if (!doomed || !survivor || !database) throw new Error('not started');
    // The client's stream is on the instance that will die.
    const client = follow([doomed.url, survivor.url], trainee.token);
    const tally = new Tally();
    const accepted: string[] = [];
    const url = `/v0/trainers/trainees/${trainee.id}/messages/`;
    // Wait for the first stream to be open.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let n = 1; n <= MESSAGES; n += 1) {
      if (n === KILL_AFTER) process.kill(doomed.pid, 'SIGKILL');
      const body = `mensaje ${String(n)}`;
      const answer = await call(survivor.url, 'POST', url, {
        token: trainer.token,
        body: { body },
      });
      tally.add(answer.status);
      if (answer.status === 201) accepted.push(body);
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
    // Everything accepted arrives, whatever the stream went through.
    const deadline = Date.now() + 15_000;
    const bodies = () =>
      client.events
        .filter((event) => event.event === 'message')
        .map((event) => (JSON.parse(event.data) as MessageEvent).message.body);
    while (bodies().length < accepted.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.stop();
    const received = bodies();
    const lost = accepted.filter((body) => !received.includes(body));
    report('instance killed while messages flow', {
      requests: tally.total,
      answers: tally.toString(),
      recordsChecked: accepted.length,
      recordsLost: lost.length,
      extra: {
        reconnections: client.reconnections(),
        'longest gap (ms)': Math.round(client.gapMs()),
        duplicates: received.length - new Set(received).size,
      },
    });
    expect(tally.toString()).toBe(`201: ${String(MESSAGES)}`);
    expect(client.reconnections()).toBeGreaterThanOrEqual(1);
    expect(lost).toEqual([]);
    // In order, once each.
    expect(received).toEqual(accepted);
  });
});
