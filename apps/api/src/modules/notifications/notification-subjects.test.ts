import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { NotificationList } from '@forja/shared/schemas/notifications';
import { PASSWORD } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import { PUSH_SERVICE_HOST, startPushService, type PushService } from '#test/push-service';
import { ALL_AREAS, linkedPair, signedInTrainer } from '#test/trainers';
import { listOutbox } from '#adapters/mail/outbox';
import { inTransaction } from '#db/in-transaction';
import { notifications, pushDeliveries } from '#db/schema/notifications';
import { notify } from '#notifications/notify';
import { sendDigests } from './digest';

/*
 * Notifications carry who they are about (decision 098): a link ended, an area withdrawn or
 * an account deleted leaves the other side nothing about the person, in the bell, in the
 * pushes queued or in the next morning's digest.
 */

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:avisos@forja.test' };

let ctx: TestContext;
let pushService: PushService;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
      PUSH_ENDPOINT_HOSTS: PUSH_SERVICE_HOST,
    },
  });
  pushService = await startPushService(vapid);
});

afterAll(async () => {
  await pushService.close();
  await ctx.close();
});

// 08:30 in Madrid (the time zone of people without preferences): the digest's morning.
beforeEach(() => {
  ctx.clock.set(new Date('2026-03-03T07:30:00.000Z'));
});

type Headers = Record<string, string>;

/** A subscribed trainee linked to a new trainer, sharing everything, both with a browser. */
async function pair() {
  const { trainer, trainee } = await linkedPair(ctx);
  for (const headers of [trainer.headers, trainee.headers]) {
    const res = await call(
      ctx,
      headers,
      'POST',
      '/v0/push/subscriptions/',
      pushService.subscribe(),
    );
    expect(res.status, res.body).toBe(201);
  }
  return { trainer, trainee };
}

/** The trainee writes a message and comments on their day; the trainer comments back. */
async function exchange(
  trainer: { user: { id: string }; headers: Headers },
  trainee: { user: { id: string }; headers: Headers },
) {
  const message = await call(ctx, trainee.headers, 'POST', '/v0/messages/', {
    body: 'Esta semana me duele la rodilla',
  });
  expect(message.status, message.body).toBe(201);
  const comment = await call(ctx, trainee.headers, 'POST', '/v0/diary/days/2026-03-02/comments/', {
    target: 'day',
    body: 'Ayer cené fuera y me pasé',
  });
  expect(comment.status, comment.body).toBe(201);
  const answer = await call(
    ctx,
    trainer.headers,
    'POST',
    `/v0/trainers/trainees/${trainee.user.id}/comments/?date=2026-03-02`,
    { target: 'day', body: 'No pasa nada, hoy más verdura' },
  );
  expect(answer.status, answer.body).toBe(201);
}

async function bell(headers: Headers) {
  const res = await ctx.app.inject({ method: 'GET', url: '/v0/notifications/', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: NotificationList }>().data;
}

/** Everything a person holds about another: notifications and the pushes queued for them. */
async function heldAbout(userId: string, text: string[]) {
  const rows = await ctx.database.db
    .select({ id: notifications.id, title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(eq(notifications.user_id, userId));
  const about = rows.filter((row) => text.some((t) => `${row.title} ${row.body}`.includes(t)));
  const pushes = await ctx.database.db
    .select({ id: pushDeliveries.id, notification_id: pushDeliveries.notification_id })
    .from(pushDeliveries)
    .innerJoin(notifications, eq(notifications.id, pushDeliveries.notification_id))
    .where(eq(notifications.user_id, userId));
  return {
    notifications: about.length,
    pushes: pushes.filter((push) => about.some((row) => row.id === push.notification_id)).length,
  };
}

async function digestTo(email: string) {
  await sendDigests({ db: ctx.database.db, clock: ctx.clock, publicUrl: 'http://forja.test' });
  return listOutbox({ db: ctx.database.db }, { to: email });
}

const TRAINEE_TEXTS = ['rodilla', 'cené fuera', 'Lucía'];
const TRAINER_TEXTS = ['verdura', 'Marta'];

describe('a trainee who unlinks', () => {
  it('leaves the former trainer nothing about them: bell, pending pushes, digest', async () => {
    const { trainer, trainee } = await pair();
    await exchange(trainer, trainee);
    expect((await bell(trainer.headers)).unread).toBe(2);
    expect(await heldAbout(trainer.user.id, TRAINEE_TEXTS)).toEqual({
      notifications: 2,
      pushes: 2,
    });

    const unlinked = await call(
      ctx,
      trainee.headers,
      'DELETE',
      `/v0/users/${trainee.user.id}/trainer/`,
    );
    expect(unlinked.status, unlinked.body).toBe(204);

    ctx.clock.advance(17_000);
    expect(await bell(trainer.headers)).toEqual({ unread: 0, items: [] });
    expect(await heldAbout(trainer.user.id, TRAINEE_TEXTS)).toEqual({
      notifications: 0,
      pushes: 0,
    });
    expect(await digestTo(trainer.user.email)).toEqual([]);
    // Both ways: the trainee keeps nothing of the former trainer's either.
    expect(await heldAbout(trainee.user.id, TRAINER_TEXTS)).toEqual({
      notifications: 0,
      pushes: 0,
    });
    expect(await digestTo(trainee.user.email)).toEqual([]);
  });

  it('changing trainer does the same for the former one', async () => {
    const { trainer, trainee } = await pair();
    await exchange(trainer, trainee);
    const next = await signedInTrainer(ctx);
    const code = await call(ctx, next.headers, 'POST', '/v0/trainers/invitations/', {});
    expect(code.status, code.body).toBe(201);
    const invitation = (JSON.parse(code.body) as { data: { code: string } }).data;
    const accepted = await call(
      ctx,
      trainee.headers,
      'POST',
      `/v0/trainers/invitations/${invitation.code}/acceptance/`,
      { consent: ALL_AREAS },
    );
    expect(accepted.status, accepted.body).toBeLessThan(300);
    expect(await heldAbout(trainer.user.id, TRAINEE_TEXTS)).toEqual({
      notifications: 0,
      pushes: 0,
    });
    expect(await heldAbout(trainee.user.id, TRAINER_TEXTS)).toEqual({
      notifications: 0,
      pushes: 0,
    });
  });
});

describe('a trainee who stops sharing the diary', () => {
  it('takes the diary comments from the trainer, not the messages, and the digest follows', async () => {
    const { trainer, trainee } = await pair();
    await exchange(trainer, trainee);
    const withdrawn = await call(
      ctx,
      trainee.headers,
      'PUT',
      `/v0/users/${trainee.user.id}/trainer/consent/`,
      { ...ALL_AREAS, diary: false },
    );
    expect(withdrawn.status, withdrawn.body).toBe(200);
    const items = (await bell(trainer.headers)).items;
    expect(items.map((item) => item.kind)).toEqual(['message']);
    expect(await heldAbout(trainer.user.id, ['cené fuera'])).toEqual({
      notifications: 0,
      pushes: 0,
    });
    expect(await heldAbout(trainer.user.id, ['rodilla'])).toEqual({ notifications: 1, pushes: 1 });
    // The trainee's own notification of the trainer's comment stays.
    expect(await heldAbout(trainee.user.id, ['verdura'])).toEqual({ notifications: 1, pushes: 1 });

    // One about the diary written as the area went (its deletion already past) is still
    // left out of the digest, built from what the link allows when it is sent.
    await inTransaction({ db: ctx.database.db, clock: ctx.clock }, (deps) =>
      notify(deps, {
        userId: trainer.user.id,
        kind: 'comment',
        title: 'Lucía Fernández ha comentado su día del 3 de marzo',
        body: 'Otra cena fuera',
        path: `/trainers/clients/${trainee.user.id}/diary?date=2026-03-03`,
        subjectUserId: trainee.user.id,
        commentTarget: 'day',
      }),
    );
    const [mail] = await digestTo(trainer.user.email);
    expect(mail?.subject).toBe('Tienes 1 aviso sin leer en Forja');
    expect(mail?.text).toContain('rodilla');
    expect(mail?.text).not.toContain('cena fuera');
    expect(mail?.text).not.toContain('cené fuera');
  });
});

describe('an account deleted', () => {
  it('of a trainee leaves their trainer nothing about them', async () => {
    const { trainer, trainee } = await pair();
    await exchange(trainer, trainee);
    const gone = await call(ctx, trainee.headers, 'DELETE', `/v0/users/${trainee.user.id}/`, {
      confirmation: 'ELIMINAR',
      password: PASSWORD,
    });
    expect(gone.status, gone.body).toBe(200);
    expect(await bell(trainer.headers)).toEqual({ unread: 0, items: [] });
    expect(await heldAbout(trainer.user.id, TRAINEE_TEXTS)).toEqual({
      notifications: 0,
      pushes: 0,
    });
    expect(await digestTo(trainer.user.email)).toEqual([]);
  });

  it('of a trainer leaves their trainee nothing about them', async () => {
    const { trainer, trainee } = await pair();
    await exchange(trainer, trainee);
    const gone = await call(ctx, trainer.headers, 'DELETE', `/v0/users/${trainer.user.id}/`, {
      confirmation: 'ELIMINAR',
      password: PASSWORD,
    });
    expect(gone.status, gone.body).toBe(200);
    expect(await heldAbout(trainee.user.id, TRAINER_TEXTS)).toEqual({
      notifications: 0,
      pushes: 0,
    });
    expect(await digestTo(trainee.user.email)).toEqual([]);
  });
});
