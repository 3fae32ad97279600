import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import type { DiaryDay } from '@forja/shared/schemas/diary';
import type { Expenditure } from '@forja/shared/schemas/expenditure';
import { createTestContext, type TestContext } from '#test/context';
import { onboardedTrainee, threeWeeksLogged } from '#test/logged-weeks';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { ALL_AREAS, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';

let ctx: TestContext;

const TODAY = '2026-03-01';
const FIRST = '2026-02-08';
const day = (offset: number) => addDays(FIRST, offset);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date(`${TODAY}T12:00:00.000Z`));
});

afterAll(async () => {
  await ctx.close();
});

const onboarded = () => onboardedTrainee(ctx);

/**
 * Three weeks before today, from 8 February: 2000 kcal eaten on days 0–19 except `kcalOn`
 * days. By hand: 2000 + 0.1 × 7700 = 2770.
 */
const threeWeeks = (trainee: SignedInUser, kcalOn: Record<number, number> = {}) =>
  threeWeeksLogged(trainee, FIRST, { kcalOn });

const read = (who: SignedInUser) => who.call<Expenditure>('GET', '/v0/targets/expenditure/');

describe('PUT /v0/diary/days/{date}/completeness/', () => {
  it('marks a day, and the day answers its mark and how it counts', async () => {
    const trainee = await onboarded();
    await trainee.call('POST', '/v0/diary/entries/', {
      kind: 'quick',
      date: '2026-02-27',
      meal: 'cena',
      kcal: 900,
    });
    // 900 kcal is under half the 2125 kcal target: unmarked, it counts as partial.
    let shown = await trainee.call<DiaryDay>('GET', '/v0/diary/days/2026-02-27/');
    expect(shown.data).toMatchObject({ completeness_marked: null, completeness: 'partial' });
    const empty = await trainee.call<DiaryDay>('GET', '/v0/diary/days/2026-02-26/');
    expect(empty.data).toMatchObject({ completeness_marked: null, completeness: 'not_logged' });

    const marked = await trainee.call('PUT', '/v0/diary/days/2026-02-27/completeness/', {
      completeness: 'complete',
    });
    expect(marked.status).toBe(200);
    expect(marked.data).toEqual({ date: '2026-02-27', completeness_marked: 'complete' });
    shown = await trainee.call<DiaryDay>('GET', '/v0/diary/days/2026-02-27/');
    expect(shown.data).toMatchObject({ completeness_marked: 'complete', completeness: 'complete' });
    // The water and notes of the day stay as they were.
    expect(shown.data).toMatchObject({ water_ml: 0, notes: '' });

    const cleared = await trainee.call('PUT', '/v0/diary/days/2026-02-27/completeness/', {
      completeness: null,
    });
    expect(cleared.data).toEqual({ date: '2026-02-27', completeness_marked: null });
    shown = await trainee.call<DiaryDay>('GET', '/v0/diary/days/2026-02-27/');
    expect(shown.data).toMatchObject({ completeness_marked: null, completeness: 'partial' });
  });

  it('refuses a bad mark and a day not yet begun, and changes nothing', async () => {
    const trainee = await onboarded();
    await trainee.call('PUT', '/v0/diary/days/2026-02-27/completeness/', {
      completeness: 'not_logged',
    });
    const bad = await trainee.call<{ message: string }>(
      'PUT',
      '/v0/diary/days/2026-02-27/completeness/',
      { completeness: 'casi' },
    );
    expect(bad.status).toBe(400);
    expect(bad.data.message).toMatch(/^El estado del día debe ser uno de los valores/);
    const future = await trainee.call<{ message: string }>(
      'PUT',
      '/v0/diary/days/2026-03-02/completeness/',
      { completeness: 'complete' },
    );
    expect(future.status).toBe(400);
    expect(future.data.message).toBe('La fecha no puede ser posterior a hoy');
    const shown = await trainee.call<DiaryDay>('GET', '/v0/diary/days/2026-02-27/');
    expect(shown.data.completeness_marked).toBe('not_logged');
    const unsigned = await ctx.app.inject({
      method: 'PUT',
      url: '/v0/diary/days/2026-02-27/completeness/',
      payload: { completeness: 'complete' },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('GET /v0/targets/expenditure/', () => {
  it("is the formula's TDEE with no confidence before there are data", async () => {
    const trainee = await onboarded();
    const res = await read(trainee);
    expect(res.status).toBe(200);
    // 1.96 × 15 % × 2674.9 = 786 kcal.
    expect(res.data).toEqual({
      formula_tdee_kcal: 2675,
      estimate: { date: TODAY, expenditure_kcal: 2675, margin_kcal: 786, confidence: 'none' },
      days_logged: 0,
      weigh_ins: 0,
      history: [],
    });
  });

  it('estimates the expenditure from three weeks of complete days and weighings', async () => {
    const trainee = await onboarded();
    await threeWeeks(trainee);
    const res = await read(trainee);
    expect(res.status).toBe(200);
    expect(res.data.formula_tdee_kcal).toBe(2675);
    // The data say 2770 kcal; the formula's 2675 holds it back by a kcal or two.
    expect(res.data.estimate.expenditure_kcal).toBeGreaterThanOrEqual(2760);
    expect(res.data.estimate.expenditure_kcal).toBeLessThanOrEqual(2770);
    expect(res.data.estimate.confidence).toBe('high');
    expect(res.data).toMatchObject({ days_logged: 20, weigh_ins: 21 });
    // One estimate a week, from the first with weighings spanning a week.
    expect(res.data.history.map((point) => point.date)).toEqual([
      '2026-02-15',
      '2026-02-22',
      TODAY,
    ]);
    expect(res.data.history.at(-1)).toEqual(res.data.estimate);
    const margins = res.data.history.map((point) => point.margin_kcal);
    expect(margins[0]).toBeGreaterThan(margins[2] ?? Infinity);
  });

  it('leaves out partial days, unless marked complete', async () => {
    const plain = await onboarded();
    await threeWeeks(plain);
    const expected = (await read(plain)).data.estimate.expenditure_kcal;

    // Day 12 logged at 900 kcal: under half the target, so partial, and counted at the mean.
    const trainee = await onboarded();
    await threeWeeks(trainee, { 12: 900 });
    let res = await read(trainee);
    expect(res.data.days_logged).toBe(19);
    expect(res.data.estimate.expenditure_kcal).toBe(expected);

    // Marked complete, its 900 kcal count: 1100 kcal less eaten with the same weights.
    await trainee.call('PUT', `/v0/diary/days/${day(12)}/completeness/`, {
      completeness: 'complete',
    });
    res = await read(trainee);
    expect(res.data.days_logged).toBe(20);
    expect(res.data.estimate.expenditure_kcal).toBeLessThan(expected - 20);

    // A day of 2000 kcal marked partial is left out.
    await trainee.call('PUT', `/v0/diary/days/${day(3)}/completeness/`, {
      completeness: 'partial',
    });
    expect((await read(trainee)).data.days_logged).toBe(19);
  });

  it('needs the answers the targets need', async () => {
    const trainee = await signedInUser(ctx);
    const res = await read(trainee);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ data: { error: 'targets not available' } });
  });
});

describe('GET /v0/trainers/trainees/{id}/expenditure/', () => {
  const readAs = async (headers: Record<string, string>, id: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v0/trainers/trainees/${id}/expenditure/`,
      headers,
    });
    return { status: res.statusCode, data: res.json<{ data: Expenditure }>().data };
  };

  it('answers what the trainee reads, with the body and the diary shared', async () => {
    const trainer = await signedInTrainer(ctx);
    const trainee = await onboarded();
    await threeWeeks(trainee);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, ALL_AREAS);
    const theirs = await readAs(trainer.headers, trainee.user.id);
    expect(theirs.status).toBe(200);
    expect(theirs.data).toEqual((await read(trainee)).data);
  });

  it('is a 404 without the body or the diary, for another trainer and for the trainee', async () => {
    const trainer = await signedInTrainer(ctx);
    const other = await signedInTrainer(ctx);
    const trainee = await onboarded();
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, { ...NO_AREAS, body: true });
    expect((await readAs(trainer.headers, trainee.user.id)).status).toBe(404);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, { ...NO_AREAS, diary: true });
    expect((await readAs(trainer.headers, trainee.user.id)).status).toBe(404);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, { body: true, diary: true });
    expect((await readAs(trainer.headers, trainee.user.id)).status).toBe(200);
    expect((await readAs(other.headers, trainee.user.id)).status).toBe(404);
    const self = await trainee.call('GET', `/v0/trainers/trainees/${trainee.user.id}/expenditure/`);
    expect(self.status).toBe(404);
    expect((await readAs(trainer.headers, 'no-es-un-id')).status).toBe(404);
  });
});
