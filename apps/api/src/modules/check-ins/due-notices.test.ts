import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { answers as onboardingFixture } from '@forja/shared/fixtures/onboarding';
import type { CheckIn } from '@forja/shared/schemas/check-ins';
import { createTestContext, type TestContext } from '../../../test/context';
import { signedInUser, type SignedInUser } from '../../../test/subscribed';
import { linkToTrainer, signedInTrainer } from '../../../test/trainers';
import { notifications } from '../../db/schema/notifications';
import { onboardingAnswers } from '../../db/schema/onboarding';
import { notifyDueCheckIns } from './due-notices';

let ctx: TestContext;

// The week of Monday 2 March 2026; the default form is due on Sunday 8 March. Madrid is an
// hour ahead of UTC then.
const WEEK = '2026-03-02';
const SUNDAY_10_MADRID = new Date('2026-03-08T09:00:00.000Z');
const SUNDAY_8_MADRID = new Date('2026-03-08T07:00:00.000Z');
const SATURDAY_10_MADRID = new Date('2026-03-07T09:00:00.000Z');
const NEXT_SUNDAY_10_MADRID = new Date('2026-03-15T09:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(SUNDAY_10_MADRID);
});

const ALL_AREAS = { diary: true, training: true, body: true, check_ins: true };

async function pair(areas = ALL_AREAS) {
  const trainer = await signedInTrainer(ctx);
  const trainee = await signedInUser(ctx);
  await ctx.database.db.insert(onboardingAnswers).values({
    user_id: trainee.user.id,
    ...onboardingFixture,
    finished_at: ctx.clock.now(),
  });
  await linkToTrainer(ctx, trainee.user.id, trainer.user.id, areas);
  return { trainer, trainee };
}

async function notificationsOf(userId: string, kind: string) {
  return ctx.database.db
    .select({ title: notifications.title, body: notifications.body, path: notifications.path })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.kind, kind as 'check_in_due')));
}

const deps = () => ({ db: ctx.database.db, clock: ctx.clock });

function send(trainee: SignedInUser) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/v0/check-ins/${WEEK}/`,
    headers: { authorization: `Token ${trainee.token}` },
    payload: {
      answers: { energia: 7, hambre: 4, sueno: 8, estres: 3, adherencia: 9 },
      health_data_consent: true,
    },
  });
}

describe('a check-in that is due', () => {
  it('is announced once, from 09:00 of its day in the trainee’s time zone', async () => {
    const { trainee } = await pair();

    ctx.clock.set(SATURDAY_10_MADRID);
    await notifyDueCheckIns(deps());
    ctx.clock.set(SUNDAY_8_MADRID);
    await notifyDueCheckIns(deps());
    expect(await notificationsOf(trainee.user.id, 'check_in_due')).toHaveLength(0);

    ctx.clock.set(SUNDAY_10_MADRID);
    await notifyDueCheckIns(deps());
    await notifyDueCheckIns(deps());
    expect(await notificationsOf(trainee.user.id, 'check_in_due')).toEqual([
      {
        title: 'Te toca la revisión semanal',
        body: 'Cuéntale a tu entrenador cómo ha ido la semana: son un par de minutos.',
        path: '/users/check-in',
      },
    ]);

    // The next week's is announced in its turn.
    ctx.clock.set(NEXT_SUNDAY_10_MADRID);
    await notifyDueCheckIns(deps());
    expect(await notificationsOf(trainee.user.id, 'check_in_due')).toHaveLength(2);
  });

  it('is announced once when several instances look at the same moment', async () => {
    const { trainee } = await pair();
    await Promise.all([
      notifyDueCheckIns(deps()),
      notifyDueCheckIns(deps()),
      notifyDueCheckIns(deps()),
    ]);
    expect(await notificationsOf(trainee.user.id, 'check_in_due')).toHaveLength(1);
  });

  it('is not announced once sent, nor to a trainee who does not share check-ins', async () => {
    const { trainee } = await pair();
    ctx.clock.set(SATURDAY_10_MADRID);
    const sent = await send(trainee);
    expect(sent.statusCode, sent.body).toBe(200);
    ctx.clock.set(SUNDAY_10_MADRID);
    const { trainee: private_ } = await pair({ ...ALL_AREAS, check_ins: false });

    await notifyDueCheckIns(deps());
    expect(await notificationsOf(trainee.user.id, 'check_in_due')).toHaveLength(0);
    expect(await notificationsOf(private_.user.id, 'check_in_due')).toHaveLength(0);
  });
});

describe('the trainer’s answer and messages', () => {
  it('tell the trainee: the first answer to a check-in, and each message', async () => {
    const { trainer, trainee } = await pair();
    const sent = await send(trainee);
    const checkIn = sent.json<{ data: CheckIn }>().data;
    const trainerHeaders = trainer.headers;

    for (const body of ['¡Buena semana!', '¡Buena semana! Sube el agua.']) {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: `/v0/trainers/check-ins/${checkIn.id}/reply/`,
        headers: trainerHeaders,
        payload: { body },
      });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    expect(await notificationsOf(trainee.user.id, 'check_in_answered')).toEqual([
      {
        title: 'Tu entrenador ha respondido tu revisión',
        body: '¡Buena semana!',
        path: '/users/check-in',
      },
    ]);

    const message = await ctx.app.inject({
      method: 'POST',
      url: `/v0/trainers/trainees/${trainee.user.id}/messages/`,
      headers: trainerHeaders,
      payload: { body: '¿Cómo va la rodilla?' },
    });
    expect(message.statusCode, message.body).toBe(201);
    expect(await notificationsOf(trainee.user.id, 'message')).toEqual([
      {
        title: `Mensaje de ${trainer.user.first_name} ${trainer.user.last_name}`.trim(),
        body: '¿Cómo va la rodilla?',
        path: '/users/messages',
      },
    ]);

    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/v0/messages/',
      headers: { authorization: `Token ${trainee.token}` },
      payload: { body: 'Mejor, gracias' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await notificationsOf(trainer.user.id, 'message')).toEqual([
      {
        title: `Mensaje de ${trainee.user.first_name} ${trainee.user.last_name}`.trim(),
        body: 'Mejor, gracias',
        path: `/trainers/clients/${trainee.user.id}/messages`,
      },
    ]);
  });
});
