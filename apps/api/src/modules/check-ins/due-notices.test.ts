import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_CHECK_IN_FORM, type CheckIn } from '@forja/shared/schemas/check-ins';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { ALL_AREAS, linkedPair, linkToTrainer, type Areas } from '#test/trainers';
import { notifications } from '#db/schema/notifications';
import { checkInForms } from '#db/schema/check-ins';
import { traineeTags } from '#db/schema/trainer-workspace';
import { userPreferences } from '#db/schema/users';
import { dueCheckInCandidates, dueNoticesBatch, notifyDueCheckIns } from './due-notices';

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

const pair = (areas: Areas = ALL_AREAS) => linkedPair(ctx, { areas, onboarded: true });

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

describe('the selection of due check-ins', () => {
  async function form(trainerId: string, weekday: number, scope: 'trainee' | 'group', of: string) {
    await ctx.database.db.insert(checkInForms).values({
      trainer_id: trainerId,
      scope,
      weekday,
      questions: DEFAULT_CHECK_IN_FORM.questions,
      updated_at: ctx.clock.now(),
      ...(scope === 'trainee' ? { trainee_id: of } : { tag: of, tag_key: of.toLowerCase() }),
    });
  }

  it('selects in one query only the trainees whose check-in is due now', async () => {
    // Saturday 10:00 in Madrid, 01:00 in Los Angeles.
    ctx.clock.set(SATURDAY_10_MADRID);
    const onSunday = (await pair()).trainee;
    const monday = await pair();
    await form(monday.trainer.user.id, 1, 'trainee', monday.trainee.user.id);
    const farAway = await pair();
    await form(farAway.trainer.user.id, 1, 'trainee', farAway.trainee.user.id);
    await ctx.database.db.insert(userPreferences).values({
      user_id: farAway.trainee.user.id,
      metric_system: 'metric',
      theme: 'system',
      language: 'es',
      timezone: 'America/Los_Angeles',
      created_at: ctx.clock.now(),
      updated_at: ctx.clock.now(),
    });
    const sentAlready = await pair();
    await form(sentAlready.trainer.user.id, 1, 'trainee', sentAlready.trainee.user.id);
    expect((await send(sentAlready.trainee)).statusCode).toBe(200);
    // A group form on Wednesday: the trainee tagged with it is due, the other may be.
    const grouped = await pair();
    await form(grouped.trainer.user.id, 3, 'group', 'Fuerza');
    const tagged = await signedInUser(ctx);
    await linkToTrainer(ctx, tagged.user.id, grouped.trainer.user.id, ALL_AREAS);
    for (const [trainee, tags] of [
      [grouped.trainee, ['Fuerza']],
      [tagged, ['Movilidad']],
    ] as const) {
      await ctx.database.db.insert(traineeTags).values({
        trainer_id: grouped.trainer.user.id,
        trainee_id: trainee.user.id,
        tags: [...tags],
        updated_at: ctx.clock.now(),
      });
    }
    const ours = new Set(
      [onSunday, monday.trainee, farAway.trainee, sentAlready.trainee, grouped.trainee, tagged].map(
        (trainee) => trainee.user.id,
      ),
    );

    const selected = (await dueCheckInCandidates(ctx.database.db, ctx.clock.now()))
      .filter((candidate) => ours.has(candidate.trainee_id))
      .map(({ trainee_id, week, exact }) => ({ trainee_id, week, exact }));
    expect(selected.sort((a, b) => a.trainee_id.localeCompare(b.trainee_id))).toEqual(
      [
        { trainee_id: monday.trainee.user.id, week: WEEK, exact: true },
        { trainee_id: grouped.trainee.user.id, week: WEEK, exact: false },
        { trainee_id: tagged.user.id, week: WEEK, exact: false },
      ].sort((a, b) => a.trainee_id.localeCompare(b.trainee_id)),
    );

    const anyItem = () => sql`true`;
    const [first] = await dueCheckInCandidates(ctx.database.db, ctx.clock.now(), {
      limit: 1,
      notHeld: anyItem,
    });
    expect(first?.exact, 'trainees due by their exact form come first').toBe(true);

    await notifyDueCheckIns(deps());
    expect(await notificationsOf(monday.trainee.user.id, 'check_in_due')).toHaveLength(1);
    expect(await notificationsOf(grouped.trainee.user.id, 'check_in_due')).toHaveLength(1);
    // Its own group has no form: the default one is due on Sunday.
    expect(await notificationsOf(tagged.user.id, 'check_in_due')).toHaveLength(0);
    expect(await notificationsOf(onSunday.user.id, 'check_in_due')).toHaveLength(0);
    expect(await notificationsOf(farAway.trainee.user.id, 'check_in_due')).toHaveLength(0);
    expect(await notificationsOf(sentAlready.trainee.user.id, 'check_in_due')).toHaveLength(0);
    const again = (await dueCheckInCandidates(ctx.database.db, ctx.clock.now())).filter(
      (candidate) => ours.has(candidate.trainee_id),
    );
    expect(
      again.map((candidate) => candidate.trainee_id),
      'once told, a trainee is not selected again this week',
    ).toEqual([tagged.user.id]);
    const batch = (await dueNoticesBatch(deps()).due(10, anyItem)).filter((candidate) =>
      ours.has(candidate.trainee_id),
    );
    expect(batch, 'a batch holds only work to do: a full one makes the job look again').toEqual([]);
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
