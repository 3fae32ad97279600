import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CHECK_IN_FORM } from '@forja/shared/schemas/check-ins';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import type { SignedInUser } from '#test/subscribed';
import { ALL_AREAS, linkedPair, linkToTrainer, signedInTrainer } from '#test/trainers';
import { trainerLinks } from '#db/schema/coaching';
import { users } from '#db/schema/users';
import { computeCheckInMoments, notifyDueCheckIns } from './due-notices';

/**
 * Each write that may move a linked trainee's next check-in notice marks their link in its own
 * transaction, and the job's next pass sets the moment again (decision 121).
 */

let ctx: TestContext;

// Saturday 7 March 2026, 10:00 in Madrid (an hour ahead of UTC); the week began on Monday 2.
const SATURDAY_10_MADRID = new Date('2026-03-07T09:00:00.000Z');
const WEEK = '2026-03-02';
const MARKED = '-infinity';

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(SATURDAY_10_MADRID);
});

const pair = () => linkedPair(ctx, { onboarded: true });

/** The stored moment: an ISO instant, `-infinity` when marked, null, or `none` (no link). */
async function momentOf(trainee: SignedInUser): Promise<string | null> {
  // Read as text: `-infinity` is no JavaScript date.
  const answer: unknown = await ctx.database.db.execute(
    sql`select case when next_check_in_at is null then null
       when next_check_in_at = '-infinity' then '-infinity'
       else to_char(next_check_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') end as at
     from trainer_links where trainee_id = ${trainee.user.id}`,
  );
  const [row] = (answer as { rows: { at: string | null }[] }).rows;
  return row ? row.at : 'none';
}

/** The job's pass: the marked moments set again with its clock. */
async function pass() {
  await computeCheckInMoments(ctx.database.db, ctx.clock.now());
}

const form = (weekday: number) => ({ weekday, questions: DEFAULT_CHECK_IN_FORM.questions });

describe('the moment of the next check-in notice', () => {
  it('is marked by the link, the time zone, forms and tags, and set again by the job', async () => {
    const { trainer, trainee } = await pair();
    const bystander = await pair();
    await pass();
    expect(await momentOf(bystander.trainee)).toBe('2026-03-08T08:00Z');

    // Linked: marked; then Sunday 09:00 in Madrid, Forja's form.
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, ALL_AREAS);
    expect(await momentOf(trainee)).toBe(MARKED);
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-08T08:00Z');

    // Their time zone: Tokyo, 9 hours ahead of UTC and no summer time.
    const prefs = await call(ctx, trainee.headers, 'POST', '/v0/users/preferences/', {
      timezone: 'Asia/Tokyo',
    });
    expect(prefs.status, prefs.body).toBe(201);
    expect(await momentOf(trainee)).toBe(MARKED);
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-08T00:00Z');

    // The trainer's default form on Friday: due already (Friday 09:00 in Tokyo).
    const byDefault = await call(
      ctx,
      trainer.headers,
      'PUT',
      '/v0/trainers/check-in-forms/default/',
      form(5),
    );
    expect(byDefault.status, byDefault.body).toBe(200);
    expect(await momentOf(trainee)).toBe(MARKED);
    expect(await momentOf(bystander.trainee), 'another trainer’s trainee').toBe(
      '2026-03-08T08:00Z',
    );
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-06T00:00Z');

    // A group form on Tuesday counts once the trainee is tagged.
    const group = await call(
      ctx,
      trainer.headers,
      'PUT',
      '/v0/trainers/check-in-forms/groups/fuerza/',
      form(2),
    );
    expect(group.status, group.body).toBe(200);
    await pass();
    expect(await momentOf(trainee), 'untagged, the default form').toBe('2026-03-06T00:00Z');
    const tags = await call(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/trainees/${trainee.user.id}/tags/`,
      { tags: ['Fuerza'] },
    );
    expect(tags.status, tags.body).toBe(200);
    expect(await momentOf(trainee)).toBe(MARKED);
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-03T00:00Z');

    // Their own form on Saturday wins.
    const own = await call(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/check-in-forms/trainees/${trainee.user.id}/`,
      form(6),
    );
    expect(own.status, own.body).toBe(200);
    expect(await momentOf(trainee)).toBe(MARKED);
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-07T00:00Z');

    // Told this week (Saturday 18:00 in Tokyo): next Saturday.
    await notifyDueCheckIns({ db: ctx.database.db, clock: ctx.clock });
    expect(await momentOf(trainee)).toBe(MARKED);
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-14T00:00Z');
    expect(await momentOf(bystander.trainee)).toBe('2026-03-08T08:00Z');
  });

  it('moves to next week when the check-in is sent, and goes with sharing and the link', async () => {
    const { trainee } = await pair();
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-08T08:00Z');

    const sent = await call(ctx, trainee.headers, 'PUT', `/v0/check-ins/${WEEK}/`, {
      answers: { energia: 7, hambre: 4, sueno: 8, estres: 3, adherencia: 9 },
      health_data_consent: true,
    });
    expect(sent.status, sent.body).toBe(200);
    expect(await momentOf(trainee)).toBe(MARKED);
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-15T08:00Z');

    const consent = `/v0/users/${trainee.user.id}/trainer/consent/`;
    const off = await call(ctx, trainee.headers, 'PUT', consent, {
      ...ALL_AREAS,
      check_ins: false,
    });
    expect(off.status, off.body).toBe(200);
    expect(await momentOf(trainee), 'not shared: never read').toBeNull();
    await pass();
    expect(await momentOf(trainee)).toBeNull();
    const on = await call(ctx, trainee.headers, 'PUT', consent, ALL_AREAS);
    expect(on.status, on.body).toBe(200);
    expect(await momentOf(trainee)).toBe(MARKED);
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-15T08:00Z');

    // A disabled account is never told.
    await ctx.database.db
      .update(users)
      .set({ enabled: false })
      .where(eq(users.id, trainee.user.id));
    expect(await momentOf(trainee)).toBe(MARKED);
    await pass();
    expect(await momentOf(trainee)).toBeNull();
    await ctx.database.db.update(users).set({ enabled: true }).where(eq(users.id, trainee.user.id));
    await pass();
    expect(await momentOf(trainee)).toBe('2026-03-15T08:00Z');

    const unlinked = await call(
      ctx,
      trainee.headers,
      'DELETE',
      `/v0/users/${trainee.user.id}/trainer/`,
    );
    expect(unlinked.status, unlinked.body).toBe(204);
    expect(await momentOf(trainee)).toBe('none');
  });

  it('is marked when the trainee moves to another trainer', async () => {
    const { trainee } = await pair();
    await ctx.database.db
      .update(trainerLinks)
      .set({ next_check_in_at: null })
      .where(eq(trainerLinks.trainee_id, trainee.user.id));
    // A marked link is read by the selection until its moment is set: never missed.
    await linkToTrainer(ctx, trainee.user.id, (await signedInTrainer(ctx)).user.id, ALL_AREAS);
    expect(await momentOf(trainee)).toBe(MARKED);
    let rounds = 0;
    while ((await computeCheckInMoments(ctx.database.db, ctx.clock.now())) > 0) rounds += 1;
    expect(rounds).toBeGreaterThan(0);
    expect(await momentOf(trainee)).toBe('2026-03-08T08:00Z');
  });
});
