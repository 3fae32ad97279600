import type pg from 'pg';
import type { MessageEvent } from '@forja/shared/schemas/conversation';
import { openEventStream, type EventStreamClient } from '../../apps/api/test/event-stream';
import { Addresses, login, LoginAccounts } from './accounts';
import { peakMemoryMiB, type Started } from './processes';

/** Messages sent through one instance to a stream on the other (issue "Messages"). */
export const MESSAGES_SENT = 1000;
/** How many are in flight at once. */
export const MESSAGES_CONCURRENCY = 10;
/** From the send to the event on the other instance's stream, p99 (issue "Messages"). */
export const MESSAGE_LATENCY_BUDGET_MS = 1000;
/** Event streams open at once on one instance. */
export const OPEN_STREAMS = 1000;
/** The server's peak resident memory with them open. */
export const STREAMS_MEMORY_BUDGET_MIB = 512;

export interface MessagesResult {
  sent: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  failedSends: number;
  streamsOpened: number;
  memoryBeforeMiB: number | undefined;
  memoryWithStreamsMiB: number | undefined;
  streamsStillOpen: number;
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Two instances on one database: a trainer sends 1000 messages through `first`, ten at a
 * time, to a trainee whose stream is open on `second`; each latency runs from just before the
 * POST to the event's arrival. Then 1000 streams (100 people, 10 tabs each) are opened on
 * `second`, and its peak resident memory read with them open.
 */
export async function measureMessages(
  first: Started,
  second: Started,
  db: pg.Client,
): Promise<MessagesResult> {
  const people = OPEN_STREAMS / 10;
  const accounts = await LoginAccounts.seed(db, people + 2);
  const addresses = new Addresses();
  const trainerEmail = accounts.take();
  const traineeEmail = accounts.take();
  const trainer = await login(first.url, trainerEmail, addresses.take());
  const trainee = await login(first.url, traineeEmail, addresses.take());
  const { rows } = await db.query<{ email: string; id: string }>(
    `select email, id from users where email = any($1::text[])`,
    [[trainerEmail, traineeEmail]],
  );
  const idOf = (email: string) => rows.find((row) => row.email === email)?.id ?? '';
  const trainerId = idOf(trainerEmail);
  const traineeId = idOf(traineeEmail);
  await db.query(`update users set role = 'trainer' where id = $1`, [trainerId]);
  await db.query(`update users set trainer_id = $1 where id = $2`, [trainerId, traineeId]);
  await db.query(
    `insert into trainer_links (trainee_id, trainer_id, diary, training, body, check_ins)
     values ($1, $2, false, false, false, false)`,
    [traineeId, trainerId],
  );

  const stream = await openEventStream(second.url, trainee.access_token);
  await stream.next((event) => event.event === 'ready');
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let failedSends = 0;
  let next = 0;
  const url = `${first.url}/v0/trainers/trainees/${traineeId}/messages/`;
  const worker = async () => {
    while (next < MESSAGES_SENT) {
      const n = next;
      next += 1;
      const body = `mensaje ${String(n)}`;
      sentAt.set(body, performance.now());
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Token ${trainer.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ body }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) failedSends += 1;
    }
  };
  await Promise.all(Array.from({ length: MESSAGES_CONCURRENCY }, worker));
  const deadline = Date.now() + 30_000;
  const arrived = () => stream.events.filter((event) => event.event === 'message').length;
  while (arrived() < MESSAGES_SENT - failedSends && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const event of stream.events) {
    if (event.event !== 'message') continue;
    const body = (JSON.parse(event.data) as MessageEvent).message.body;
    const start = sentAt.get(body);
    if (start !== undefined) latencies.push(event.at - start);
  }
  stream.close();
  latencies.sort((a, b) => a - b);

  // 1000 streams on the second instance: ten tabs for each of 100 people.
  const memoryBeforeMiB = peakMemoryMiB(second.child.pid);
  const tokens: string[] = [];
  for (let i = 0; i < people; i += 1) {
    tokens.push((await login(second.url, accounts.take(), addresses.take())).access_token);
  }
  const streams: EventStreamClient[] = [];
  for (const token of tokens) {
    const tabs = await Promise.all(
      Array.from({ length: 10 }, () => openEventStream(second.url, token)),
    );
    streams.push(...tabs);
  }
  await Promise.all(streams.map((client) => client.next((event) => event.event === 'ready')));
  // Let a heartbeat-less second pass so the memory settles with them all open.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const memoryWithStreamsMiB = peakMemoryMiB(second.child.pid);
  let streamsStillOpen = 0;
  await Promise.all(
    streams.map(async (client) => {
      const over = await Promise.race([
        client.ended.then(() => true),
        new Promise<boolean>((resolve) => {
          setTimeout(() => {
            resolve(false);
          }, 10);
        }),
      ]);
      if (!over) streamsStillOpen += 1;
    }),
  );
  for (const client of streams) client.close();
  return {
    sent: MESSAGES_SENT,
    received: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    failedSends,
    streamsOpened: streams.length,
    memoryBeforeMiB,
    memoryWithStreamsMiB,
    streamsStillOpen,
  };
}

/** The section of docs/performance.md, and what breaks a budget. */
export function messagesSection(result: MessagesResult): { lines: string[]; problems: string[] } {
  const problems: string[] = [];
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '?');
  if (result.failedSends > 0) problems.push(`messages: ${result.failedSends} sends were not 201`);
  if (result.received < result.sent - result.failedSends) {
    problems.push(
      `messages: ${result.sent - result.failedSends - result.received} sent messages never reached the other instance's stream`,
    );
  }
  if (!(result.p99 <= MESSAGE_LATENCY_BUDGET_MS)) {
    problems.push(
      `messages: p99 latency to the other instance's stream ${ms(result.p99)} ms, over its budget of ${MESSAGE_LATENCY_BUDGET_MS} ms`,
    );
  }
  if (result.streamsStillOpen < OPEN_STREAMS) {
    problems.push(`event streams: ${result.streamsStillOpen} of ${OPEN_STREAMS} stayed open`);
  }
  if ((result.memoryWithStreamsMiB ?? Infinity) > STREAMS_MEMORY_BUDGET_MIB) {
    problems.push(
      `event streams: peak memory ${result.memoryWithStreamsMiB ?? '?'} MiB with ${OPEN_STREAMS} open, over its budget of ${STREAMS_MEMORY_BUDGET_MIB} MiB`,
    );
  }
  const lines = [
    '## Messages and event streams',
    '',
    `Two instances of the built server on one PostgreSQL. A trainer sends ${MESSAGES_SENT} messages through the first, ${MESSAGES_CONCURRENCY} at a time, to a trainee whose event stream is open on the second; the NOTIFY of each commit reaches the second instance, whose stream reads the message from the database and sends it. Latency: from just before the POST to the event's arrival.`,
    '',
    '| messages | received | p50 ms | p99 ms | max ms | p99 budget ms | non-201 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${result.sent} | ${result.received} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | ${MESSAGE_LATENCY_BUDGET_MS} | ${result.failedSends} |`,
    '',
    `Then ${result.streamsOpened} event streams open at once on the second instance (100 people, 10 tabs each, the bound per person): ${result.streamsStillOpen} still open two seconds later. Peak resident memory (VmHWM) of that instance: ${result.memoryBeforeMiB ?? '?'} MiB before them, ${result.memoryWithStreamsMiB ?? '?'} MiB with them open (budget ${STREAMS_MEMORY_BUDGET_MIB} MiB); the 100 logins (argon2id) that gave the people their tokens went through that instance too, so the difference is an upper bound of what the streams cost.`,
  ];
  return { lines, problems };
}
