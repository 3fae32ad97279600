/**
 * SMTP down then up: every message delivered once. The mail server is first not there at
 * all, then there but refusing (421); the API process is restarted in between. Messages
 * live in the database outbox, so none may be lost and none sent twice.
 */
import { TERMS_VERSION } from '@forja/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/api/test/ports';
import { startSmtpServer, type SmtpServer } from '../../apps/api/test/smtp-server';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { report } from './support/figures';
import { call, Tally } from './support/http';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

/** Accounts registered (one verification e-mail each) and reset (one link each), per group. */
const PER_GROUP = 10;
/** The worker's first retry comes 30 s after a failure; this leaves room for a slow machine. */
const DELIVERY_DEADLINE_MS = 120_000;

interface OutboxRow {
  id: string;
  to_address: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

let database: ScratchDatabase | undefined;
let server: ApiServer | undefined;
const sinks: SmtpServer[] = [];

beforeAll(async () => {
  database = await createScratchDatabase();
});

afterAll(async () => {
  await server?.stop();
  for (const sink of sinks) await sink.close();
  await database?.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SMTP down, then up', () => {
  it('delivers every message exactly once, across an API restart', async () => {
    if (!database) throw new Error('no database');
    const db = database.client;
    const smtpPort = await freePort();
    const apiPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Forja <no-reply@forja.test>',
      // Each trigger comes from an address of its own, as different people's would.
      TRUST_PROXY: '1',
    };
    const tally = new Tally();
    let client = 0;

    /** Registers PER_GROUP accounts and asks a reset link for each: two e-mails apiece. */
    const trigger = async (api: string, group: string) => {
      const emails = Array.from({ length: PER_GROUP }, () => uniqueEmail(group));
      for (const email of emails) {
        client += 1;
        const headers = { 'x-forwarded-for': `10.20.${Math.floor(client / 250)}.${client % 250}` };
        const registration = await call(api, 'POST', '/v0/users/registrations/', {
          headers,
          body: {
            email,
            password: PASSWORD,
            first_name: 'Eva',
            last_name: 'Ríos',
            country: 'ES',
            terms_version: TERMS_VERSION,
          },
          timeoutMs: 30_000,
        });
        tally.add(registration.status);
        expect(registration.status, `registration of ${email}`).toBe(201);
        const reset = await call(api, 'POST', '/v0/users/password-reset/triggers/', {
          headers,
          body: { email },
        });
        tally.add(reset.status);
        expect(reset.status, `reset link for ${email}`).toBe(200);
      }
      return emails;
    };

    const rows = async () =>
      (
        await db.query<OutboxRow>(
          'select id, to_address, status, attempts, last_error from mail_outbox order by created_at',
        )
      ).rows;
    /** Waits until every message to `emails` has been tried, has failed and waits for a retry. */
    const allTried = async (emails: string[]) => {
      const wanted = new Set(emails);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const mine = (await rows()).filter((row) => wanted.has(row.to_address));
        const waiting = (row: OutboxRow) => row.status === 'pending' && row.attempts >= 1;
        if (mine.length === 2 * emails.length && mine.every(waiting)) {
          return mine;
        }
        if (Date.now() > deadline) throw new Error('the outbox worker did not try the messages');
        await pause(200);
      }
    };

    const started = Date.now();
    // 1. Nothing listens on the SMTP port.
    server = await startServer(env, apiPort);
    const first = await trigger(server.url, 'antes');
    const firstTries = await allTried(first);
    expect(firstTries.filter((row) => !row.last_error)).toEqual([]);

    // 2. The API process restarts; the messages wait in the database.
    expect(await server.stop(), 'the server stops cleanly').toBe(true);
    server = await startServer(env, apiPort);

    // 3. A mail server answers, but refuses everything for now.
    const refusing = await startSmtpServer(smtpPort, 'refusing');
    sinks.push(refusing);
    const second = await trigger(server.url, 'despues');
    const secondTries = await allTried(second);
    expect(secondTries.filter((row) => !row.last_error?.includes('421'))).toEqual([]);
    await refusing.close();
    sinks.splice(sinks.indexOf(refusing), 1);

    // 4. The mail server takes mail: the worker's retries drain the outbox.
    const sink = await startSmtpServer(smtpPort, 'accepting');
    sinks.push(sink);
    const recoveredAt = Date.now();
    let outbox = await rows();
    while (Date.now() - recoveredAt < DELIVERY_DEADLINE_MS) {
      outbox = await rows();
      if (outbox.every((row) => row.status === 'sent') && sink.received.length >= outbox.length) {
        break;
      }
      await pause(500);
    }
    const drainedMs = Date.now() - recoveredAt;
    // Room for a second copy of anything to show up.
    await pause(3_000);
    outbox = await rows();

    const deliveries = new Map<string, number>();
    for (const message of sink.received) {
      const key = message.messageId ?? '(no Message-ID)';
      deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
    }
    const idOf = (row: OutboxRow) => `<${row.id}@forja.test>`;
    const lost = outbox.filter((row) => !deliveries.has(idOf(row)));
    const twice = outbox.filter((row) => (deliveries.get(idOf(row)) ?? 0) > 1);
    const known = new Set(outbox.map(idOf));
    const strangers = sink.received.filter((m) => !m.messageId || !known.has(m.messageId));
    const misaddressed = outbox.filter((row) =>
      sink.received.some((m) => m.messageId === idOf(row) && m.to.join() !== row.to_address),
    );

    report('smtp outage', {
      requests: tally.total,
      answers: tally.toString(),
      recordsChecked: outbox.length,
      recordsLost: lost.length,
      extra: {
        'delivered twice': twice.length,
        'attempts per message': [...new Set(outbox.map((row) => row.attempts))].sort().join('/'),
        's to drain after SMTP came back': (drainedMs / 1000).toFixed(1),
        'total s': ((Date.now() - started) / 1000).toFixed(1),
      },
    });

    expect(outbox, 'one message per registration and per reset link').toHaveLength(4 * PER_GROUP);
    expect(outbox.filter((row) => row.status !== 'sent').map((row) => row.status)).toEqual([]);
    expect(
      lost.map((row) => row.to_address),
      'messages never delivered',
    ).toEqual([]);
    expect(
      twice.map((row) => row.to_address),
      'messages delivered twice',
    ).toEqual([]);
    expect(strangers, 'deliveries of no outbox message').toEqual([]);
    expect(
      misaddressed.map((row) => row.to_address),
      'deliveries to someone else',
    ).toEqual([]);
    // Each went through a failed attempt first: the outage was real for every message.
    expect(outbox.every((row) => row.attempts >= 2)).toBe(true);
  });
});
