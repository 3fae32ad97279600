/**
 * Web Push from two instances at once: each notification reaches each browser exactly once,
 * and a browser whose push service answers 410 (it unsubscribed) is forgotten. Two built
 * servers share one PostgreSQL and both run the push worker; a local push service speaking
 * the Web Push protocol (VAPID checked, aes128gcm body decrypted) counts what arrives. Forja
 * never connects to a loopback address, so the servers reach the service's name
 * (push.forja.test) on 127.0.0.1 through `support/push-service-route.mjs`, loaded with
 * `--import`, as a real service's name is reached through DNS.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  PUSH_SERVICE_HOST,
  startPushService,
  type PushService,
} from '../../apps/api/test/push-service';
import { signUp } from './support/accounts';
import { report } from './support/figures';
import { call, Tally } from './support/http';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

/** Comments the trainer writes, alternating between the two instances. */
const COMMENTS = 40;
const DELIVERY_DEADLINE_MS = 60_000;

let database: ScratchDatabase | undefined;
let pushService: PushService | undefined;
const servers: ApiServer[] = [];
const folder = mkdtempSync(join(tmpdir(), 'forja-faults-push-'));

beforeAll(async () => {
  database = await createScratchDatabase();
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await pushService?.close();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Web Push from two instances', () => {
  it('sends each notification once to each browser and forgets one that is gone', async () => {
    if (!database) throw new Error('no database');
    const db = database.client;
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:avisos@forja.test' };
    pushService = await startPushService(vapid);
    const certificate = join(folder, 'push-service.pem');
    writeFileSync(certificate, pushService.certificate);
    const env = {
      DATABASE_URL: database.url,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
      PUSH_ENDPOINT_HOSTS: PUSH_SERVICE_HOST,
      // The local push service's certificate, trusted as a real one's would be.
      NODE_EXTRA_CA_CERTS: certificate,
      FAULTS_PUSH_SERVICE_PORT: String(pushService.port),
    };
    const route = [
      '--import',
      fileURLToPath(new URL('support/push-service-route.mjs', import.meta.url)),
    ];
    servers.push(await startServer(env, undefined, route));
    servers.push(await startServer(env, undefined, route));
    const [a, b] = servers.map((server) => server.url);
    if (!a || !b) throw new Error('two servers');
    const tally = new Tally();

    const trainer = await signUp(a, db, { subscribed: false });
    await db.query(`update users set role = 'trainer' where id = $1`, [trainer.id]);
    const trainee = await signUp(b, db);
    const invitation = await call(a, 'POST', '/v0/trainers/invitations/', {
      token: trainer.token,
      body: {},
    });
    tally.add(invitation.status);
    const code = (invitation.body as { data: { code: string } }).data.code;
    const accepted = await call(b, 'POST', `/v0/trainers/invitations/${code}/acceptance/`, {
      token: trainee.token,
      body: { consent: { diary: true, training: true, body: false, check_ins: false } },
    });
    tally.add(accepted.status);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const phone = pushService.subscribe();
    const laptop = pushService.subscribe();
    const gone = pushService.subscribe();
    pushService.answer(gone.endpoint, 410);
    for (const [server, browser] of [
      [a, phone],
      [b, laptop],
      [a, gone],
    ] as const) {
      const stored = await call(server, 'POST', '/v0/push/subscriptions/', {
        token: trainee.token,
        body: browser,
      });
      tally.add(stored.status);
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    }

    const date = new Date().toISOString().slice(0, 10);
    const bodies = Array.from({ length: COMMENTS }, (_, index) => `Comentario ${index + 1}`);
    for (const [index, body] of bodies.entries()) {
      const written = await call(
        index % 2 === 0 ? a : b,
        'POST',
        `/v0/trainers/trainees/${trainee.id}/comments/?date=${date}`,
        { token: trainer.token, body: { target: 'day', body } },
      );
      tally.add(written.status);
      expect(written.status, JSON.stringify(written.body)).toBe(201);
    }

    const started = Date.now();
    const arrived = (endpoint: string) =>
      pushService?.received.filter((push) => push.endpoint === endpoint) ?? [];
    while (Date.now() - started < DELIVERY_DEADLINE_MS) {
      if (
        arrived(phone.endpoint).length >= COMMENTS &&
        arrived(laptop.endpoint).length >= COMMENTS
      ) {
        break;
      }
      await pause(250);
    }
    const deliveredMs = Date.now() - started;
    // Room for a second copy of anything to show up.
    await pause(3_000);

    const countBodies = (endpoint: string) => {
      const counts = new Map<string, number>();
      for (const push of arrived(endpoint)) {
        const body = (push.payload as { body: string }).body;
        counts.set(body, (counts.get(body) ?? 0) + 1);
      }
      return counts;
    };
    const subscriptions = (
      await db.query<{ endpoint: string }>(
        'select endpoint from push_subscriptions where user_id = $1 order by endpoint',
        [trainee.id],
      )
    ).rows.map((row) => row.endpoint);
    const unsent = (
      await db.query<{ status: string }>(
        `select status from push_deliveries where status <> 'sent'`,
      )
    ).rows;
    const lost = [phone, laptop].flatMap((browser) =>
      bodies.filter((body) => !countBodies(browser.endpoint).has(body)),
    );
    const twice = [phone, laptop].flatMap((browser) =>
      [...countBodies(browser.endpoint)].filter(([, count]) => count > 1).map(([body]) => body),
    );

    report('push from two instances', {
      requests: tally.total,
      answers: tally.toString(),
      recordsChecked: 2 * COMMENTS,
      recordsLost: lost.length,
      extra: {
        'delivered twice': twice.length,
        's to deliver': (deliveredMs / 1000).toFixed(1),
        'gone browser forgotten': subscriptions.includes(gone.endpoint) ? 'no' : 'yes',
      },
    });

    expect(pushService.refused, 'pushes the push service refused').toEqual([]);
    expect(lost, 'notifications that never arrived').toEqual([]);
    expect(twice, 'notifications that arrived twice').toEqual([]);
    expect(subscriptions).toEqual([phone.endpoint, laptop.endpoint].sort());
    expect(unsent, 'deliveries left unsent').toEqual([]);
    expect(arrived(gone.endpoint), 'the 410 browser received nothing').toEqual([]);
  });
});
