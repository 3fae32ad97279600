import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MAX_CHECK_INS_KEPT } from '@forja/shared/constants';
import { addDays } from '@forja/shared/calendar';
import type {
  CheckIn,
  CheckInForms,
  CurrentCheckIn,
  EffectiveCheckInForm,
  ProgressPhoto,
  ReviewItem,
} from '@forja/shared/schemas/check-ins';
import type { QueueItem } from '@forja/shared/schemas/trainer-workspace';
import { PASSWORD } from '#test/accounts';
import { FULL_CHECK_IN_ANSWERS } from '#test/check-in-answers';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import { multipartFile, photo, pngClaiming, SVG_IMAGE } from '#test/images';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import {
  ALL_AREAS,
  type Areas,
  linkedPair,
  linkToTrainer,
  NO_AREAS,
  signedInTrainer,
} from '#test/trainers';
import { checkIns, progressPhotos } from '#db/schema/check-ins';
import { diaryDays, diaryEntries, workouts } from '#db/schema/diary';
import { weightEntries } from '#db/schema/metrics';
import { storedObjects } from '#db/schema/storage';
import { targetOverrides } from '#db/schema/targets';
import { traineeTags } from '#db/schema/trainer-workspace';
import { unlinkTrainee } from '#db/trainer-links';

let ctx: TestContext;

// Sunday 8 March 2026, 10:00 in Madrid: the default form's due day of the week of 2 March.
const SUNDAY = new Date('2026-03-08T09:00:00.000Z');
const WEEK = '2026-03-02';

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(SUNDAY);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const own = (trainee: SignedInUser) => ({ authorization: `Token ${trainee.token}` });

const pair = (areas: Areas = ALL_AREAS) => linkedPair(ctx, { areas, onboarded: true });

const fullAnswers = FULL_CHECK_IN_ANSWERS;
const send = (trainee: SignedInUser, answers: object = fullAnswers, week = WEEK) =>
  call<CheckIn>(ctx, own(trainee), 'PUT', `/v0/check-ins/${week}/`, {
    answers,
    health_data_consent: true,
  });

function uploadPhoto(trainee: SignedInUser, checkInId: string, pose: string, content: Buffer) {
  const body = multipartFile(content, 'photo');
  return ctx.app.inject({
    method: 'POST',
    url: `/v0/check-ins/${checkInId}/photos/?pose=${pose}`,
    headers: { ...own(trainee), ...body.headers },
    payload: body.payload,
  });
}

const rowsOf = (traineeId: string) =>
  ctx.database.db.select().from(checkIns).where(eq(checkIns.trainee_id, traineeId));

async function objectCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(storedObjects);
  return row?.n ?? 0;
}

describe("the trainee's weekly check-in", () => {
  it('fills in the week’s figures from what was logged, as the roster computes them', async () => {
    const { trainer, trainee } = await pair();
    const id = trainee.user.id;
    const db = ctx.database.db;
    await db.insert(targetOverrides).values({
      user_id: id,
      energy_kcal: 2000,
      set_by: trainer.user.id,
      created_at: SUNDAY,
      updated_at: SUNDAY,
    });
    const food = async (date: string, kcal: number) =>
      db.insert(diaryEntries).values({
        user_id: id,
        date,
        meal: 'comida',
        kind: 'quick',
        name: 'Comida',
        quantity: 1,
        unit: 'ración',
        kcal,
        protein_g: 0,
        carbohydrate_g: 0,
        fat_g: 0,
        fibre_g: 0,
        created_at: SUNDAY,
      });
    // The Sunday before the week does not count; of the four days of the week, two are
    // within ±10 % of 2000 kcal.
    await food('2026-03-01', 2000);
    await food('2026-03-02', 2000);
    await food('2026-03-03', 2150);
    await food('2026-03-04', 2500);
    await food('2026-03-05', 1500);
    for (const [date, weight_kg] of [
      ['2026-02-23', 80],
      ['2026-03-02', 79],
      ['2026-03-08', 78.5],
    ] as const) {
      await db.insert(weightEntries).values({ user_id: id, date, weight_kg, updated_at: SUNDAY });
    }
    for (const date of ['2026-03-03', '2026-03-05', '2026-03-07', '2026-02-28']) {
      await db.insert(workouts).values({ user_id: id, date, created_at: SUNDAY });
    }
    for (const [date, water_ml] of [
      ['2026-03-02', 2000],
      ['2026-03-03', 1500],
      ['2026-03-04', 0],
      ['2026-02-27', 3000],
    ] as const) {
      await db.insert(diaryDays).values({ user_id: id, date, water_ml, updated_at: SUNDAY });
    }

    const current = await call<NonNullable<CurrentCheckIn>>(
      ctx,
      own(trainee),
      'GET',
      '/v0/check-ins/current/',
    );
    expect(current.status, current.body).toBe(200);
    expect(current.data).toMatchObject({
      week: WEEK,
      due_date: '2026-03-08',
      due: true,
      check_in: null,
    });
    expect(current.data.form.questions.map((question) => question.key)).toEqual([
      'energia',
      'hambre',
      'sueno',
      'estres',
      'adherencia',
      'semana',
      'cambios',
    ]);

    const sent = await send(trainee);
    expect(sent.status, sent.body).toBe(200);
    // Trend (decision 063): from 80, 10 % a day towards the straight line between weighings
    // (80 − d/7 over the 7 days to 79, then 79 − d/12 over the 6 days to 78.5): 79.6707611
    // on 2 March, 79.2078892 on 8 March. Weekly rate: the least-squares slope through
    // (0, 80), (7, 79), (13, 78.5): mean x 20/3, mean y 79.1666…, Σdx·dy −9.8333…,
    // Σdx² 84.6666…, −0.1161417 kg a day, −0.8129921 a week.
    expect(sent.data.figures).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
      weight: {
        trend_kg: expect.closeTo(79.2078892, 6) as number,
        weekly_rate_kg: expect.closeTo(-0.8129921, 6) as number,
        weigh_ins: 2,
      },
      energy: { target_kcal: 2000, days_logged: 4, days_within: 2, percent: 50 },
      // The onboarding's four training days a week.
      sessions: { done: 3, planned: 4 },
      water: { average_ml: 1750, days: 2 },
    });
    expect(sent.data).toMatchObject({
      week: WEEK,
      due_date: '2026-03-08',
      status: 'pending',
      answers: { ...fullAnswers, cambios: null },
      photos: [],
      reply: null,
    });
  });

  it('leaves out the figures of the areas the trainee does not share', async () => {
    const { trainee } = await pair({ diary: false, training: false, body: true, check_ins: true });
    const sent = await send(trainee);
    expect(sent.status, sent.body).toBe(200);
    expect(sent.data.figures).toMatchObject({
      energy: null,
      sessions: null,
      water: null,
      weight: { trend_kg: null, weekly_rate_kg: null, weigh_ins: 0 },
    });
  });

  it('is one per week: sending again changes it, until the trainer answers', async () => {
    const { trainer, trainee } = await pair();
    const [first, second] = await Promise.all([
      send(trainee),
      send(trainee, { ...fullAnswers, energia: 5 }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.data.id).toBe(second.data.id);
    expect(await rowsOf(trainee.user.id)).toHaveLength(1);

    const edited = await send(trainee, { ...fullAnswers, energia: 6 });
    expect(edited.data).toMatchObject({ id: first.data.id, answers: { energia: 6 } });

    const replied = await call<ReviewItem>(
      ctx,
      trainer.headers,
      'POST',
      `/v0/trainers/check-ins/${first.data.id}/reply/`,
      { body: '  ¡Gran semana! Sube 100 kcal los días de pierna.  ' },
    );
    expect(replied.status, replied.body).toBe(200);
    expect(replied.data).toMatchObject({
      status: 'answered',
      reply: {
        body: '¡Gran semana! Sube 100 kcal los días de pierna.',
        trainer: { first_name: 'Marta' },
      },
      trainee: { id: trainee.user.id },
    });

    const late = await send(trainee, { ...fullAnswers, energia: 1 });
    expect(late.status).toBe(409);
    expect(late.data.error).toBe('check in already answered');
    const photoAfter = await uploadPhoto(
      trainee,
      first.data.id,
      'front',
      await photo(40, 60).jpeg().toBuffer(),
    );
    expect(photoAfter.statusCode).toBe(409);
    const [row] = await rowsOf(trainee.user.id);
    expect(row?.answers).toMatchObject({ energia: 6 });

    const mine = await call<CheckIn[]>(ctx, own(trainee), 'GET', '/v0/check-ins/');
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]?.reply?.body).toBe('¡Gran semana! Sube 100 kcal los días de pierna.');
  });

  it('takes this week and last week only, and answers as the form asks', async () => {
    const { trainee } = await pair();
    const lastWeek = await send(trainee, fullAnswers, addDays(WEEK, -7));
    expect(lastWeek.status, lastWeek.body).toBe(200);
    expect(lastWeek.data).toMatchObject({ due_date: '2026-03-01' });
    expect(lastWeek.data.figures).toMatchObject({ from: '2026-02-23', to: '2026-03-01' });
    for (const week of [addDays(WEEK, -14), addDays(WEEK, 7), '2026-03-03', 'semana']) {
      const refused = await send(trainee, fullAnswers, week);
      expect(refused.status, week).toBe(400);
      expect(refused.data.error).toBe('check in week not open');
    }
    const cases: [object, string][] = [
      [
        { ...fullAnswers, energia: 11 },
        '«¿Cómo ha ido tu energía esta semana?» se responde con un número del 1 al 10',
      ],
      [
        { ...fullAnswers, energia: 6.5 },
        '«¿Cómo ha ido tu energía esta semana?» se responde con un número del 1 al 10',
      ],
      [{ ...fullAnswers, hambre: null }, 'Falta responder «¿Cuánta hambre has pasado?»'],
      [{ ...fullAnswers, otra: 3 }, 'Hay respuestas a preguntas que no existen'],
      [
        { ...fullAnswers, semana: 'a'.repeat(2001) },
        'La respuesta a «¿Cómo fue la semana?» no puede superar 2000 caracteres',
      ],
      [
        { ...fullAnswers, semana: 'hola\u0000' },
        'La respuesta a «¿Cómo fue la semana?» contiene caracteres no válidos',
      ],
    ];
    for (const [answers, message] of cases) {
      const refused = await send(trainee, answers);
      expect(refused.status).toBe(400);
      expect(refused.data.message).toBe(message);
    }
    const noConsent = await call(ctx, own(trainee), 'PUT', `/v0/check-ins/${WEEK}/`, {
      answers: fullAnswers,
    });
    expect(noConsent.status).toBe(400);
    expect(await rowsOf(trainee.user.id)).toHaveLength(1);
  });

  it('needs a trainer the trainee shares check-ins with', async () => {
    const alone = await signedInUser(ctx);
    expect((await call(ctx, own(alone), 'GET', '/v0/check-ins/current/')).data).toBeNull();
    expect((await send(alone)).status).toBe(404);
    const { trainee } = await pair({ ...NO_AREAS, diary: true });
    expect((await call(ctx, own(trainee), 'GET', '/v0/check-ins/current/')).data).toBeNull();
    const refused = await send(trainee);
    expect(refused.status).toBe(404);
    expect(refused.data.error).toBe('check ins not shared');
  });

  it('keeps the newest 52 check-ins of a trainee', async () => {
    const { trainer, trainee } = await pair();
    const old = Array.from({ length: MAX_CHECK_INS_KEPT }, (_, index) => ({
      trainee_id: trainee.user.id,
      trainer_id: trainer.user.id,
      week: addDays(WEEK, -7 * (index + 2)),
      due_date: addDays(WEEK, -7 * (index + 2) + 6),
      questions: [],
      answers: {},
      figures: { from: WEEK, to: WEEK, weight: null, energy: null, sessions: null, water: null },
      consented_at: SUNDAY,
      submitted_at: SUNDAY,
      submitted_on: WEEK,
      updated_at: SUNDAY,
    }));
    await ctx.database.db.insert(checkIns).values(old);
    expect((await send(trainee)).status).toBe(200);
    const weeks = (await rowsOf(trainee.user.id)).map((row) => row.week).sort();
    expect(weeks).toHaveLength(MAX_CHECK_INS_KEPT);
    expect(weeks.at(-1)).toBe(WEEK);
    expect(weeks).not.toContain(addDays(WEEK, -7 * (MAX_CHECK_INS_KEPT + 1)));
  });
});

describe('progress photos', () => {
  it('are shrunk, cleaned, one per pose, and served privately to the owner and their trainer', async () => {
    const { trainer, trainee } = await pair();
    const sent = await send(trainee);
    const camera = await photo(3000, 2000)
      .jpeg()
      .withMetadata({ exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } } })
      .toBuffer();
    const front = await uploadPhoto(trainee, sent.data.id, 'front', camera);
    expect(front.statusCode, front.body).toBe(201);
    const stored = front.json<{ data: ProgressPhoto }>().data;
    expect(stored).toMatchObject({ pose: 'front', width: 1280, height: 853, week: WEEK });

    const again = await uploadPhoto(
      trainee,
      sent.data.id,
      'front',
      await photo(100, 200).png().toBuffer(),
    );
    expect(again.statusCode).toBe(201);
    const replaced = again.json<{ data: ProgressPhoto }>().data;
    expect(replaced.id).not.toBe(stored.id);
    for (const pose of ['side', 'back']) {
      expect((await uploadPhoto(trainee, sent.data.id, pose, camera)).statusCode).toBe(201);
    }
    const photos = await ctx.database.db
      .select()
      .from(progressPhotos)
      .where(eq(progressPhotos.check_in_id, sent.data.id));
    expect(photos.map((row) => row.pose).sort()).toEqual(['back', 'front', 'side']);
    expect(await objectCount()).toBeGreaterThanOrEqual(3);

    const url = `/v0/progress-photos/${replaced.id}/`;
    for (const headers of [own(trainee), trainer.headers]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 100, height: 200 });
      expect(meta.exif).toBeUndefined();
    }
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/v0/progress-photos/${stored.id}/`,
      headers: own(trainee),
    });
    expect(first.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);

    const listed = await call<CheckIn[]>(
      ctx,
      trainer.headers,
      'GET',
      `/v0/trainers/trainees/${trainee.user.id}/check-ins/`,
    );
    expect(listed.data[0]?.photos.map((entry) => entry.pose)).toEqual(['front', 'side', 'back']);

    const removed = await call(ctx, own(trainee), 'DELETE', `/v0/progress-photos/${replaced.id}/`);
    expect(removed.status).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url, headers: own(trainee) })).statusCode).toBe(
      404,
    );
  });

  it('refuse what profile pictures refuse: SVG, text, decompression bombs, oversize', async () => {
    const { trainee } = await pair();
    const sent = await send(trainee);
    const before = await objectCount();
    for (const upload of [SVG_IMAGE, Buffer.from('no soy una foto'), pngClaiming(20_000, 20_000)]) {
      const res = await uploadPhoto(trainee, sent.data.id, 'front', upload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ data: { error: string } }>().data.error).toBe('invalid image');
    }
    const huge = await uploadPhoto(
      trainee,
      sent.data.id,
      'front',
      Buffer.alloc(8 * 1024 * 1024 + 1),
    );
    expect(huge.statusCode).toBe(413);
    const badPose = await uploadPhoto(
      trainee,
      sent.data.id,
      'top',
      await photo(10, 10).png().toBuffer(),
    );
    expect(badPose.statusCode).toBe(400);
    expect(await objectCount()).toBe(before);
    const json = await call(
      ctx,
      own(trainee),
      'POST',
      `/v0/check-ins/${sent.data.id}/photos/?pose=front`,
      { a: 1 },
    );
    expect(json.status).toBe(415);
  });

  it('of someone else, or of another trainee’s check-in, are a 404', async () => {
    const { trainer, trainee } = await pair();
    const sent = await send(trainee);
    const res = await uploadPhoto(
      trainee,
      sent.data.id,
      'front',
      await photo(40, 40).png().toBuffer(),
    );
    const photoId = res.json<{ data: ProgressPhoto }>().data.id;
    const stranger = await signedInUser(ctx);
    const otherTrainer = await signedInTrainer(ctx);
    for (const headers of [own(stranger), otherTrainer.headers]) {
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/v0/progress-photos/${photoId}/`,
        headers,
      });
      expect(read.statusCode).toBe(404);
      expect((await call(ctx, headers, 'DELETE', `/v0/progress-photos/${photoId}/`)).status).toBe(
        404,
      );
    }
    expect(
      (await call(ctx, trainer.headers, 'DELETE', `/v0/progress-photos/${photoId}/`)).status,
    ).toBe(404);
    const upload = await uploadPhoto(
      stranger,
      sent.data.id,
      'side',
      await photo(40, 40).png().toBuffer(),
    );
    expect(upload.statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/v0/progress-photos/no-es-un-id/',
          headers: own(trainee),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the trainer's review", () => {
  it('lists pending check-ins, puts them in Hoy, and answering moves them to answered', async () => {
    const { trainer, trainee } = await pair();
    const sent = await send(trainee);
    const pending = await call<ReviewItem[]>(
      ctx,
      trainer.headers,
      'GET',
      '/v0/trainers/check-ins/?status=pending',
    );
    expect(pending.status).toBe(200);
    expect(pending.data.map((item) => [item.id, item.trainee.id])).toEqual([
      [sent.data.id, trainee.user.id],
    ]);
    const queue = await call<QueueItem[]>(ctx, trainer.headers, 'GET', '/v0/trainers/queue/');
    expect(queue.data.find((item) => item.rule === 'check_in_pending')).toMatchObject({
      id: `${trainee.user.id}:check_in_pending`,
      since: '2026-03-08',
      detail: 'Ha enviado su revisión semanal y espera tu respuesta',
    });

    const one = await call<ReviewItem>(
      ctx,
      trainer.headers,
      'GET',
      `/v0/trainers/check-ins/${sent.data.id}/`,
    );
    expect(one.data).toMatchObject({ id: sent.data.id, status: 'pending' });

    const replied = await call<ReviewItem>(
      ctx,
      trainer.headers,
      'POST',
      `/v0/trainers/check-ins/${sent.data.id}/reply/`,
      {
        body: 'Muy bien',
      },
    );
    expect(replied.status).toBe(200);
    expect(
      (await call<ReviewItem[]>(ctx, trainer.headers, 'GET', '/v0/trainers/check-ins/')).data,
    ).toEqual([]);
    const answered = await call<ReviewItem[]>(
      ctx,
      trainer.headers,
      'GET',
      '/v0/trainers/check-ins/?status=answered',
    );
    expect(answered.data.map((item) => item.id)).toEqual([sent.data.id]);
    const after = await call<QueueItem[]>(ctx, trainer.headers, 'GET', '/v0/trainers/queue/');
    expect(after.data.some((item) => item.rule === 'check_in_pending')).toBe(false);

    const rewritten = await call<ReviewItem>(
      ctx,
      trainer.headers,
      'POST',
      `/v0/trainers/check-ins/${sent.data.id}/reply/`,
      {
        body: 'Muy bien, sigue así',
      },
    );
    expect(rewritten.data.reply).toMatchObject({
      body: 'Muy bien, sigue así',
      replied_at: replied.data.reply?.replied_at,
    });
    for (const body of [{ body: '   ' }, { body: 'a'.repeat(4001) }, { body: 'ok', extra: 1 }]) {
      expect(
        (
          await call(
            ctx,
            trainer.headers,
            'POST',
            `/v0/trainers/check-ins/${sent.data.id}/reply/`,
            body,
          )
        ).status,
      ).toBe(400);
    }
  });

  it('is a 404 without the check-ins shared, for another trainer, and for the trainee', async () => {
    const { trainer, trainee } = await pair();
    const sent = await send(trainee);
    const res = await uploadPhoto(
      trainee,
      sent.data.id,
      'front',
      await photo(40, 40).png().toBuffer(),
    );
    const photoId = res.json<{ data: ProgressPhoto }>().data.id;
    const other = await signedInTrainer(ctx);
    const urls: [Method, string, object?][] = [
      ['GET', `/v0/trainers/check-ins/${sent.data.id}/`],
      ['POST', `/v0/trainers/check-ins/${sent.data.id}/reply/`, { body: 'Hola' }],
      ['GET', `/v0/trainers/trainees/${trainee.user.id}/check-ins/`],
    ];
    for (const [method, url, payload] of urls) {
      expect((await call(ctx, other.headers, method, url, payload)).status, `${url} other`).toBe(
        404,
      );
      expect((await call(ctx, own(trainee), method, url, payload)).status, `${url} trainee`).toBe(
        404,
      );
    }
    expect(
      (await call<ReviewItem[]>(ctx, other.headers, 'GET', '/v0/trainers/check-ins/')).data,
    ).toEqual([]);

    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, {
      diary: true,
      training: true,
      body: true,
    });
    for (const [method, url, payload] of urls) {
      expect(
        (await call(ctx, trainer.headers, method, url, payload)).status,
        `${url} no consent`,
      ).toBe(404);
    }
    const photoRead = await ctx.app.inject({
      method: 'GET',
      url: `/v0/progress-photos/${photoId}/`,
      headers: trainer.headers,
    });
    expect(photoRead.statusCode).toBe(404);
    expect(
      (await call<ReviewItem[]>(ctx, trainer.headers, 'GET', '/v0/trainers/check-ins/')).data,
    ).toEqual([]);
    const queue = await call<QueueItem[]>(ctx, trainer.headers, 'GET', '/v0/trainers/queue/');
    expect(queue.data.some((item) => item.rule === 'check_in_pending')).toBe(false);
    // The trainee still has their check-in and photo.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v0/progress-photos/${photoId}/`,
          headers: own(trainee),
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await rowsOf(trainee.user.id);
    expect(row?.replied_at).toBeNull();

    await unlinkTrainee(ctx.database.db, trainee.user.id, ctx.clock.now());
    expect((await call(ctx, own(trainee), 'GET', '/v0/check-ins/current/')).data).toBeNull();
  });

  it('withdrawing the health-data consent deletes the check-ins and their photos', async () => {
    const { trainer, trainee } = await pair();
    const sent = await send(trainee);
    const res = await uploadPhoto(
      trainee,
      sent.data.id,
      'front',
      await photo(40, 40).png().toBuffer(),
    );
    expect(res.statusCode).toBe(201);
    const before = await objectCount();
    type Consents = { check_ins_consent_at: string | null };
    const consentsUrl = `/v0/users/${trainee.user.id}/consents/`;
    const given = await call<Consents>(ctx, own(trainee), 'GET', consentsUrl);
    expect(given.data.check_ins_consent_at).toBe(SUNDAY.toISOString());
    const withdrawn = await call(
      ctx,
      own(trainee),
      'DELETE',
      `/v0/users/${trainee.user.id}/consents/health-data/`,
    );
    expect(withdrawn.status, withdrawn.body).toBe(200);
    expect(await rowsOf(trainee.user.id)).toEqual([]);
    expect(await objectCount()).toBe(before - 1);
    expect(
      (await call<ReviewItem[]>(ctx, trainer.headers, 'GET', '/v0/trainers/check-ins/')).data,
    ).toEqual([]);
    const after = await call<Consents>(ctx, own(trainee), 'GET', consentsUrl);
    expect(after.data.check_ins_consent_at).toBeNull();
  });
});

describe('deleting an account', () => {
  it('takes the trainee’s photos’ bytes with their account, and leaves them to a trainer’s', async () => {
    const { trainee } = await pair();
    const sent = await send(trainee);
    const res = await uploadPhoto(
      trainee,
      sent.data.id,
      'front',
      await photo(40, 40).png().toBuffer(),
    );
    expect(res.statusCode).toBe(201);
    const other = await pair();
    const theirs = await send(other.trainee);
    await uploadPhoto(other.trainee, theirs.data.id, 'side', await photo(40, 40).png().toBuffer());
    const before = await objectCount();

    const gone = await call(ctx, own(trainee), 'DELETE', `/v0/users/${trainee.user.id}/`, {
      confirmation: 'ELIMINAR',
      password: PASSWORD,
    });
    expect(gone.status, gone.body).toBe(200);
    expect(await objectCount()).toBe(before - 1);

    const trainerGone = await call(
      ctx,
      other.trainer.headers,
      'DELETE',
      `/v0/users/${other.trainer.user.id}/`,
      {
        confirmation: 'ELIMINAR',
        password: PASSWORD,
      },
    );
    expect(trainerGone.status, trainerGone.body).toBe(200);
    expect(await objectCount()).toBe(before - 1);
  });

  it('of a trainer keeps their trainees’ check-ins: answers, figures, questions, reply and photos', async () => {
    const { trainer, trainee } = await pair();
    const sent = await send(trainee);
    expect(sent.status, sent.body).toBe(200);
    const uploaded = await uploadPhoto(
      trainee,
      sent.data.id,
      'front',
      await photo(40, 40).png().toBuffer(),
    );
    expect(uploaded.statusCode).toBe(201);
    const replied = await call(
      ctx,
      trainer.headers,
      'POST',
      `/v0/trainers/check-ins/${sent.data.id}/reply/`,
      { body: 'Muy buena semana, sigue así' },
    );
    expect(replied.status, replied.body).toBe(200);
    const [before] = (await call<CheckIn[]>(ctx, own(trainee), 'GET', '/v0/check-ins/')).data;
    expect(before?.photos).toHaveLength(1);

    const gone = await call(ctx, trainer.headers, 'DELETE', `/v0/users/${trainer.user.id}/`, {
      confirmation: 'ELIMINAR',
      password: PASSWORD,
    });
    expect(gone.status, gone.body).toBe(200);

    const list = await call<CheckIn[]>(ctx, own(trainee), 'GET', '/v0/check-ins/');
    expect(list.status, list.body).toBe(200);
    expect(list.data).toHaveLength(1);
    const [kept] = list.data;
    expect(kept).toMatchObject({
      id: sent.data.id,
      week: WEEK,
      questions: before?.questions,
      answers: fullAnswers,
      figures: before?.figures,
      photos: before?.photos,
      reply: { body: 'Muy buena semana, sigue así', trainer: { first_name: '', last_name: '' } },
    });
    const [row] = await rowsOf(trainee.user.id);
    expect(row?.trainer_id).toBeNull();
    const photoId = kept?.photos[0]?.id;
    const image = await ctx.app.inject({
      method: 'GET',
      url: `/v0/progress-photos/${photoId}/`,
      headers: own(trainee),
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.length).toBeGreaterThan(0);
  });
});

describe('check-in forms', () => {
  const form = (label: string, weekday = 5) => ({
    weekday,
    questions: [
      { key: 'peso', kind: 'number', label, required: true, min: 30, max: 250, unit: 'kg' },
      { key: 'animo', kind: 'choice', label: '¿Ánimo?', choices: ['Bien', 'Regular', 'Mal'] },
    ],
  });

  it('go trainee over group over default over Forja’s, and a trainee answers theirs', async () => {
    const { trainer, trainee } = await pair();
    const formUrl = `/v0/trainers/trainees/${trainee.user.id}/check-in-form/`;
    const source = async () =>
      (await call<EffectiveCheckInForm>(ctx, trainer.headers, 'GET', formUrl)).data;
    expect(await source()).toMatchObject({ source: 'shipped', form: { weekday: 7 } });

    expect(
      (
        await call(
          ctx,
          trainer.headers,
          'PUT',
          '/v0/trainers/check-in-forms/default/',
          form('Peso (defecto)'),
        )
      ).status,
    ).toBe(200);
    expect(await source()).toMatchObject({ source: 'default' });

    await ctx.database.db.insert(traineeTags).values({
      trainer_id: trainer.user.id,
      trainee_id: trainee.user.id,
      tags: ['Online', 'Pérdida'],
      updated_at: SUNDAY,
    });
    const group = await call(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/check-in-forms/groups/${encodeURIComponent('perdida')}/`,
      form('Peso (grupo)', 1),
    );
    expect(group.status, group.body).toBe(200);
    expect(await source()).toMatchObject({ source: 'group', tag: 'perdida', form: { weekday: 1 } });

    const mine = await call(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/check-in-forms/trainees/${trainee.user.id}/`,
      form('Peso (tuyo)', 3),
    );
    expect(mine.status).toBe(200);
    expect(await source()).toMatchObject({ source: 'trainee' });

    const forms = await call<CheckInForms>(
      ctx,
      trainer.headers,
      'GET',
      '/v0/trainers/check-in-forms/',
    );
    expect(forms.data.default_is_custom).toBe(true);
    expect(
      forms.data.forms.map((entry) => [entry.scope, entry.tag, entry.trainee?.id ?? null]),
    ).toEqual([
      ['group', 'perdida', null],
      ['trainee', null, trainee.user.id],
    ]);

    const current = await call<NonNullable<CurrentCheckIn>>(
      ctx,
      own(trainee),
      'GET',
      '/v0/check-ins/current/',
    );
    expect(current.data).toMatchObject({ due_date: '2026-03-04', due: true });
    expect(current.data.form.questions[0]?.label).toBe('Peso (tuyo)');
    const refused = await send(trainee, { peso: 20, animo: 'Bien' });
    expect(refused.data.message).toBe('«Peso (tuyo)» se responde con un número entre 30 y 250');
    expect((await send(trainee, { peso: 72.5, animo: 'Bien' })).status).toBe(200);
    // The trainer changes the form: the check-in sent keeps the questions it was asked.
    await call(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/check-in-forms/trainees/${trainee.user.id}/`,
      form('Otra', 3),
    );
    const edit = await send(trainee, { peso: 72, animo: 'Mal' });
    expect(edit.data.questions[0]?.label).toBe('Peso (tuyo)');

    expect(
      (
        await call(
          ctx,
          trainer.headers,
          'DELETE',
          `/v0/trainers/check-in-forms/trainees/${trainee.user.id}/`,
        )
      ).status,
    ).toBe(204);
    expect(await source()).toMatchObject({ source: 'group' });
    expect(
      (await call(ctx, trainer.headers, 'DELETE', '/v0/trainers/check-in-forms/groups/Perdida/'))
        .status,
    ).toBe(204);
    expect(
      (await call(ctx, trainer.headers, 'DELETE', '/v0/trainers/check-in-forms/groups/Perdida/'))
        .status,
    ).toBe(404);
    expect(await source()).toMatchObject({ source: 'default' });
    const back = await call(ctx, trainer.headers, 'DELETE', '/v0/trainers/check-in-forms/default/');
    expect(back.status).toBe(204);
    expect(await source()).toMatchObject({ source: 'shipped', form: { weekday: 7 } });
    expect(
      (await call(ctx, trainer.headers, 'DELETE', '/v0/trainers/check-in-forms/default/')).status,
    ).toBe(404);
  });

  it('are bounded and checked, and another trainer’s trainee is a 404', async () => {
    const { trainer, trainee } = await pair();
    const url = '/v0/trainers/check-in-forms/default/';
    const question = (key: string) => ({ key, kind: 'scale', label: 'Pregunta' });
    const bad: [object, string][] = [
      [{ weekday: 8, questions: [question('a')] }, 'El día debe estar entre 1 y 7'],
      [{ weekday: 1, questions: [] }, 'El formulario necesita al menos una pregunta'],
      [
        { weekday: 1, questions: Array.from({ length: 21 }, (_, i) => question(`q${i}`)) },
        'Un formulario admite como máximo 20 preguntas',
      ],
      [
        { weekday: 1, questions: [question('a'), question('a')] },
        'Dos preguntas no pueden tener la misma clave',
      ],
      [
        { weekday: 1, questions: [{ key: 'a', kind: 'choice', label: 'X', choices: ['Sí'] }] },
        'Una pregunta de opciones necesita al menos 2 opciones',
      ],
      [
        {
          weekday: 1,
          questions: [
            {
              key: 'a',
              kind: 'choice',
              label: 'X',
              choices: Array.from({ length: 11 }, (_, i) => `o${i}`),
            },
          ],
        },
        'Una pregunta admite como máximo 10 opciones',
      ],
      [
        { weekday: 1, questions: [{ key: 'a', kind: 'scale', label: 'x'.repeat(201) }] },
        'La pregunta no puede superar 200 caracteres',
      ],
      [
        { weekday: 1, questions: [{ key: 'a', kind: 'text', label: 'X', min: 1 }] },
        'Solo las preguntas numéricas llevan mínimo, máximo o unidad',
      ],
      [{ weekday: 1, questions: [question('a')], owner: 'x' }, 'Llave desconocida: "owner"'],
    ];
    for (const [body, message] of bad) {
      const res = await call(ctx, trainer.headers, 'PUT', url, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.data.message).toContain(message.slice(0, 20));
    }
    expect(
      (await call<CheckInForms>(ctx, trainer.headers, 'GET', '/v0/trainers/check-in-forms/')).data
        .default_is_custom,
    ).toBe(false);

    const other = await signedInTrainer(ctx);
    const theirs = `/v0/trainers/check-in-forms/trainees/${trainee.user.id}/`;
    expect((await call(ctx, other.headers, 'PUT', theirs, form('X'))).status).toBe(404);
    expect(
      (
        await call(
          ctx,
          other.headers,
          'GET',
          `/v0/trainers/trainees/${trainee.user.id}/check-in-form/`,
        )
      ).status,
    ).toBe(404);
    expect((await call(ctx, own(trainee), 'GET', '/v0/trainers/check-in-forms/')).status).toBe(404);

    // A trainee's own form ends with the link.
    expect((await call(ctx, trainer.headers, 'PUT', theirs, form('Mío'))).status).toBe(200);
    await unlinkTrainee(ctx.database.db, trainee.user.id, ctx.clock.now());
    expect(
      (await call<CheckInForms>(ctx, trainer.headers, 'GET', '/v0/trainers/check-in-forms/')).data
        .forms,
    ).toEqual([]);
  });

  it('a trainer keeps at most 200 forms', async () => {
    const { trainer } = await pair();
    const body = form('Peso');
    const saved = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(ctx, trainer.headers, 'PUT', `/v0/trainers/check-in-forms/groups/grupo-${i}/`, body),
      ),
    );
    expect(saved.every((res) => res.status === 200)).toBe(true);
    const refused = await Promise.all([
      call(ctx, trainer.headers, 'PUT', '/v0/trainers/check-in-forms/groups/una-mas/', body),
      call(ctx, trainer.headers, 'PUT', '/v0/trainers/check-in-forms/default/', body),
    ]);
    expect(refused.map((r) => r.status)).toEqual([409, 409]);
    expect(refused[0].data.error).toBe('too many check in forms');
    // Changing one that exists is still allowed.
    expect(
      (
        await call(
          ctx,
          trainer.headers,
          'PUT',
          '/v0/trainers/check-in-forms/groups/grupo-3/',
          form('Otra'),
        )
      ).status,
    ).toBe(200);
  });
});
