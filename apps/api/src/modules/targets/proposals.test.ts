import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@forja/shared/calendar';
import { answers } from '@forja/shared/fixtures/onboarding';
import type { QueueItem } from '@forja/shared/schemas/trainer-workspace';
import type { TargetProposal, TargetProposals } from '@forja/shared/schemas/target-proposals';
import type { TargetChange, Targets, TraineeTargets } from '@forja/shared/schemas/targets';
import { onboardingAnswers } from '#db/schema/onboarding';
import { targetProposals } from '#db/schema/targets';
import { auth, signIn } from '#test/accounts';
import { onboardedTrainee, threeWeeksLogged } from '#test/logged-weeks';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { ALL_AREAS, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';
import { proposeWeeklyTargets } from './proposals.service';

let ctx: TestContext;

// A Sunday: its week began on Monday 23 February.
const TODAY = '2026-03-01';
const WEEK = '2026-02-23';
const FIRST = '2026-02-08';

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

function at(date: string) {
  ctx.clock.set(new Date(`${date}T12:00:00.000Z`));
}

async function onboarded(): Promise<SignedInUser> {
  at(TODAY);
  return onboardedTrainee(ctx);
}

/** Three weeks from 8 February eating 2400 kcal: 3170 kcal spent, far above the formula's 2675. */
const threeWeeks = (trainee: SignedInUser) => threeWeeksLogged(trainee, FIRST, { kcal: 2400 });

const proposals = (who: SignedInUser) => who.call<TargetProposals>('GET', '/v0/targets/proposals/');

/** The trainee's proposals read on another day, signed in again (tokens do not last days). */
async function proposalsOn(date: string, who: SignedInUser): Promise<TargetProposals> {
  at(date);
  const tokens = await signIn(ctx, who.user.id);
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v0/targets/proposals/',
    headers: auth(tokens.access_token),
  });
  at(TODAY);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: TargetProposals }>().data;
}
const targets = async (who: SignedInUser) => (await who.call<Targets>('GET', '/v0/targets/')).data;
const history = async (who: SignedInUser) =>
  (await who.call<TargetChange[]>('GET', '/v0/targets/history/')).data;
const decide = (who: SignedInUser, id: string, decision: string) =>
  who.call<TargetProposal>('PUT', `/v0/targets/proposals/${id}/decision/`, { decision });

async function trainerCall<T = unknown>(
  headers: Record<string, string>,
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
): Promise<{ status: number; body: { data: T }; data: T }> {
  const res = await ctx.app.inject({ method, url, headers, payload });
  const body = res.json<{ data: T }>();
  return { status: res.statusCode, body, data: body.data };
}

/** A trainee with three weeks of data and their pending proposal, read once by them. */
async function withProposal() {
  const trainee = await onboarded();
  await threeWeeks(trainee);
  const read = await proposals(trainee);
  const [proposal] = read.data.proposals;
  if (!proposal) throw new Error('no proposal was made');
  return { trainee, proposal };
}

describe('GET /v0/targets/proposals/', () => {
  it('looks at no week before the answers the targets need', async () => {
    at(TODAY);
    const trainee = await signedInUser(ctx);
    await trainee.call('PUT', `/v0/users/${trainee.user.id}/onboarding/goal/`, {
      ...answers.goal,
    });
    const res = await proposals(trainee);
    expect(res.data).toEqual({ reviewer: 'trainee', proposals: [] });
    const [row] = await ctx.database.db
      .select({ week: onboardingAnswers.proposals_week })
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.user_id, trainee.user.id));
    expect(row).toEqual({ week: null });
  });

  it('proposes nothing before the data say anything', async () => {
    const trainee = await onboarded();
    const res = await proposals(trainee);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ reviewer: 'trainee', proposals: [] });
  });

  it('proposes a step of 150 kcal towards what the expenditure and the pace ask, once a week', async () => {
    const trainee = await onboarded();
    await threeWeeks(trainee);
    const current = (await targets(trainee)).energy_kcal;
    const res = await proposals(trainee);
    expect(res.status).toBe(200);
    expect(res.data.reviewer).toBe('trainee');
    expect(res.data.proposals).toHaveLength(1);
    const [proposal] = res.data.proposals;
    expect(proposal).toMatchObject({
      week: WEEK,
      status: 'pending',
      current_energy_kcal: current,
      proposed_energy_kcal: current + 150,
      confidence: 'high',
      formula_tdee_kcal: expect.any(Number) as number,
      days_logged: 20,
      weigh_ins: 21,
      decided_energy_kcal: null,
      decided_by: null,
      decided_at: null,
    });
    // The data say 3170 kcal; the formula's prior holds the estimate back a little.
    expect(proposal?.expenditure_kcal).toBeGreaterThan(3100);
    expect(proposal?.expenditure_kcal).toBeLessThanOrEqual(3170);
    // The aim: the expenditure less the pace's 0.5 × 7700 / 7 = 550 kcal.
    expect(proposal?.aim_energy_kcal).toBe((proposal?.expenditure_kcal ?? 0) - 550);
    // Nothing changes until it is decided; a second read makes no second proposal.
    expect((await targets(trainee)).energy_kcal).toBe(current);
    expect((await proposals(trainee)).data.proposals).toEqual(res.data.proposals);
  });

  it('makes one proposal however many reads arrive at once', async () => {
    const trainee = await onboarded();
    await threeWeeks(trainee);
    const reads = await Promise.all(Array.from({ length: 5 }, () => proposals(trainee)));
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await ctx.database.db
      .select()
      .from(targetProposals)
      .where(eq(targetProposals.user_id, trainee.user.id));
    expect(rows).toHaveLength(1);
  });

  it('lets a pending proposal expire when the next week has its own', async () => {
    const { trainee, proposal } = await withProposal();
    const next = await proposalsOn(addDays(TODAY, 1), trainee);
    expect(next.proposals.map((each) => [each.week, each.status])).toEqual([
      ['2026-03-02', 'pending'],
      [WEEK, 'expired'],
    ]);
    expect(next.proposals[1]?.id).toBe(proposal.id);
    expect((await decide(trainee, proposal.id, 'accept')).status).toBe(409);
  });

  it('keeps the last 26 proposals', async () => {
    const { trainee } = await withProposal();
    // 30 earlier weeks, decided, as half a year of use leaves them.
    await ctx.database.db.insert(targetProposals).values(
      Array.from({ length: 30 }, (_, index) => ({
        user_id: trainee.user.id,
        week: addDays(WEEK, -7 * (index + 1)),
        created_at: new Date(),
        status: 'kept' as const,
        current_energy_kcal: 2000,
        proposed_energy_kcal: 2100,
        aim_energy_kcal: 2300,
        energy_floor_kcal: 1780,
        expenditure_kcal: 2850,
        margin_kcal: 200,
        confidence: 'medium' as const,
        formula_tdee_kcal: 2675,
        days_logged: 20,
        weigh_ins: 20,
      })),
    );
    const read = await proposalsOn(addDays(TODAY, 1), trainee);
    expect(read.proposals).toHaveLength(26);
    const stored = await ctx.database.db
      .select({ week: targetProposals.week })
      .from(targetProposals)
      .where(eq(targetProposals.user_id, trainee.user.id));
    expect(stored).toHaveLength(26);
    expect(stored.map((row) => row.week)).toContain('2026-03-02');
  });
});

describe('PUT /v0/targets/proposals/{id}/decision/', () => {
  it('accepting makes the proposed energy the target, kept in the history with its reason', async () => {
    const { trainee, proposal } = await withProposal();
    const res = await decide(trainee, proposal.id, 'accept');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      id: proposal.id,
      status: 'accepted',
      decided_energy_kcal: proposal.proposed_energy_kcal,
      decided_by: { id: trainee.user.id },
    });
    const now = await targets(trainee);
    expect(now.energy_kcal).toBe(proposal.proposed_energy_kcal);
    expect(now.notes).toContain('adapted_to_expenditure');
    const [change] = await history(trainee);
    expect(change).toMatchObject({
      kind: 'accepted',
      changed_by: { id: trainee.user.id },
      energy_kcal: proposal.proposed_energy_kcal,
      expenditure_kcal: proposal.expenditure_kcal,
    });
    // The diary's day counts against the new target too.
    const diary = await trainee.call<{ targets: { kcal: number } }>(
      'GET',
      `/v0/diary/days/${TODAY}/`,
    );
    expect(diary.data.targets.kcal).toBe(proposal.proposed_energy_kcal);
  });

  it('applies once: the same decision again answers the same, another is a 409', async () => {
    const { trainee, proposal } = await withProposal();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => decide(trainee, proposal.id, 'accept')),
    );
    expect(answers.map((each) => each.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((each) => JSON.stringify(each.data))).size).toBe(1);
    expect((await history(trainee)).filter((change) => change.kind === 'accepted')).toHaveLength(1);
    const other = await decide(trainee, proposal.id, 'keep');
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      data: { message: 'Esta propuesta ya está decidida o ha caducado' },
    });
  });

  it('keeping leaves the target and the history as they were', async () => {
    const { trainee, proposal } = await withProposal();
    const before = await targets(trainee);
    const res = await decide(trainee, proposal.id, 'keep');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: 'kept', decided_energy_kcal: null });
    expect(await targets(trainee)).toEqual(before);
    expect(await history(trainee)).toEqual([]);
  });

  it('refuses a bad decision, another trainee and an unknown id, changing nothing', async () => {
    const { trainee, proposal } = await withProposal();
    const bad = await decide(trainee, proposal.id, 'aprobar');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      data: {
        message: expect.stringMatching(/^La decisión debe ser uno de los valores/) as string,
      },
    });
    const stranger = await onboarded();
    expect((await decide(stranger, proposal.id, 'accept')).status).toBe(404);
    expect((await decide(trainee, 'no-es-un-id', 'accept')).status).toBe(404);
    expect((await proposals(trainee)).data.proposals[0]?.status).toBe('pending');
  });

  it('a new goal takes an accepted proposal back to the formula and expires a pending one', async () => {
    const { trainee, proposal } = await withProposal();
    await decide(trainee, proposal.id, 'accept');
    const res = await trainee.call('PUT', `/v0/users/${trainee.user.id}/onboarding/goal/`, {
      goal: 'maintain',
      weekly_rate_kg: 0,
      goal_weight_kg: 0,
    });
    expect(res.status).toBe(200);
    expect((await targets(trainee)).notes).not.toContain('adapted_to_expenditure');
  });
});

describe('with a trainer who sees the body and the diary', () => {
  async function coached(areas: Partial<Record<keyof typeof ALL_AREAS, boolean>> = ALL_AREAS) {
    const trainer = await signedInTrainer(ctx);
    const trainee = await onboarded();
    await threeWeeks(trainee);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, areas);
    return { trainer, trainee };
  }
  const decideAs = (
    headers: Record<string, string>,
    traineeId: string,
    id: string,
    body: Record<string, unknown>,
  ) =>
    trainerCall<TargetProposal & { message: string }>(
      headers,
      'PUT',
      `/v0/trainers/trainees/${traineeId}/proposals/${id}/decision/`,
      body,
    );
  const queue = async (headers: Record<string, string>) =>
    (await trainerCall<QueueItem[]>(headers, 'GET', '/v0/trainers/queue/')).data;

  it("goes to Hoy, and the trainer approves it: the trainer's targets, in both histories", async () => {
    const { trainer, trainee } = await coached();
    const read = await proposals(trainee);
    expect(read.data.reviewer).toBe('trainer');
    const [proposal] = read.data.proposals;
    if (!proposal) throw new Error('no proposal');
    // The trainee cannot decide it.
    expect((await decide(trainee, proposal.id, 'accept')).status).toBe(404);

    const item = (await queue(trainer.headers)).find((each) => each.rule === 'target_proposal');
    expect(item).toMatchObject({
      id: `${trainee.user.id}:target_proposal`,
      severity: 'medium',
      // Made on the Sunday the trainee read it, in Madrid.
      since: TODAY,
      proposal: {
        id: proposal.id,
        current_energy_kcal: proposal.current_energy_kcal,
        proposed_energy_kcal: proposal.proposed_energy_kcal,
        expenditure_kcal: proposal.expenditure_kcal,
      },
    });
    const theirs = await trainerCall<TargetProposals>(
      trainer.headers,
      'GET',
      `/v0/trainers/trainees/${trainee.user.id}/proposals/`,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.data).toEqual(read.data);

    const approved = await decideAs(trainer.headers, trainee.user.id, proposal.id, {
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    expect(approved.data).toMatchObject({
      status: 'approved',
      decided_energy_kcal: proposal.proposed_energy_kcal,
      decided_by: { id: trainer.user.id, first_name: 'Marta' },
    });
    expect((await targets(trainee)).energy_kcal).toBe(proposal.proposed_energy_kcal);
    const managed = await trainerCall<TraineeTargets>(
      trainer.headers,
      'GET',
      `/v0/users/${trainee.user.id}/targets/`,
    );
    expect(managed.data.override).toMatchObject({
      energy_kcal: proposal.proposed_energy_kcal,
      set_by: trainer.user.id,
    });
    expect(managed.data.history[0]).toMatchObject({
      kind: 'approved',
      changed_by: { id: trainer.user.id },
      expenditure_kcal: proposal.expenditure_kcal,
    });
    expect((await history(trainee))[0]).toEqual(managed.data.history[0]);
    // Decided, it leaves Hoy; asked again, it answers the same.
    expect((await queue(trainer.headers)).map((each) => each.rule)).not.toContain(
      'target_proposal',
    );
    const again = await decideAs(trainer.headers, trainee.user.id, proposal.id, {
      decision: 'approve',
    });
    expect(again).toEqual(approved);
    const rejected = await decideAs(trainer.headers, trainee.user.id, proposal.id, {
      decision: 'reject',
    });
    expect(rejected.status).toBe(409);
  });

  it('approves another energy, asking for a confirmation below the floor', async () => {
    const { trainer, trainee } = await coached();
    const [proposal] = (await proposals(trainee)).data.proposals;
    if (!proposal) throw new Error('no proposal');
    const low = await decideAs(trainer.headers, trainee.user.id, proposal.id, {
      decision: 'approve',
      energy_kcal: 1400,
    });
    expect(low.status).toBe(400);
    expect(low.data.message).toMatch(/^1400 kcal está por debajo del mínimo/);
    expect((await proposals(trainee)).data.proposals[0]?.status).toBe('pending');
    const edited = await decideAs(trainer.headers, trainee.user.id, proposal.id, {
      decision: 'approve',
      energy_kcal: 2300,
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ status: 'approved', decided_energy_kcal: 2300 });
    expect((await targets(trainee)).energy_kcal).toBe(2300);
    const badEnergy = await decideAs(trainer.headers, trainee.user.id, proposal.id, {
      decision: 'approve',
      energy_kcal: 20000,
    });
    expect(badEnergy.status).toBe(400);
    expect(badEnergy.data.message).toBe('La energía debe estar entre 800 y 6000 kcal');
  });

  it('rejecting leaves the targets as they were', async () => {
    const { trainer, trainee } = await coached();
    const before = await targets(trainee);
    const [proposal] = (await proposals(trainee)).data.proposals;
    if (!proposal) throw new Error('no proposal');
    const rejected = await decideAs(trainer.headers, trainee.user.id, proposal.id, {
      decision: 'reject',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.data.status).toBe('rejected');
    expect(await targets(trainee)).toEqual(before);
  });

  it('is a 404 without the body or the diary, for another trainer and for the trainee', async () => {
    const { trainer, trainee } = await coached({ ...NO_AREAS, diary: true, training: true });
    const read = await proposals(trainee);
    // The trainer does not see what the proposal comes from: the trainee decides.
    expect(read.data.reviewer).toBe('trainee');
    const [proposal] = read.data.proposals;
    if (!proposal) throw new Error('no proposal');
    const url = `/v0/trainers/trainees/${trainee.user.id}/proposals/`;
    expect((await trainerCall(trainer.headers, 'GET', url)).status).toBe(404);
    expect(
      (await decideAs(trainer.headers, trainee.user.id, proposal.id, { decision: 'approve' }))
        .status,
    ).toBe(404);
    expect((await queue(trainer.headers)).map((each) => each.rule)).not.toContain(
      'target_proposal',
    );
    const other = await signedInTrainer(ctx);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, ALL_AREAS);
    expect((await trainerCall(other.headers, 'GET', url)).status).toBe(404);
    expect(
      (await decideAs(other.headers, trainee.user.id, proposal.id, { decision: 'approve' })).status,
    ).toBe(404);
    expect((await trainee.call('GET', url)).status).toBe(404);
    // With both shared again, it is the trainer's once more.
    expect((await trainerCall(trainer.headers, 'GET', url)).status).toBe(200);
  });

  it('makes no proposal for the trainee over targets a trainer who cannot see the body set', async () => {
    const trainer = await signedInTrainer(ctx);
    const trainee = await onboarded();
    await threeWeeks(trainee);
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, { ...NO_AREAS, diary: true });
    const set = await trainerCall(trainer.headers, 'PUT', `/v0/users/${trainee.user.id}/targets/`, {
      energy_kcal: 2000,
    });
    expect(set.status).toBe(200);
    expect((await proposals(trainee)).data).toEqual({ reviewer: 'trainee', proposals: [] });
  });
});

describe('the weekly pass', () => {
  it("makes each trainee's proposal once, without anyone reading", async () => {
    const trainee = await onboarded();
    await threeWeeks(trainee);
    const deps = { db: ctx.database.db, clock: ctx.clock };
    // Other tests' trainees are looked at too: passes run until none is left for this week.
    let first = await proposeWeeklyTargets(deps);
    let made = first.made;
    while (first.made > 0) {
      first = await proposeWeeklyTargets(deps);
      made += first.made;
    }
    expect(made).toBeGreaterThanOrEqual(1);
    const rows = await ctx.database.db
      .select({ status: targetProposals.status })
      .from(targetProposals)
      .where(eq(targetProposals.user_id, trainee.user.id));
    expect(rows).toEqual([{ status: 'pending' }]);
    expect(await proposeWeeklyTargets(deps)).toEqual({ made: 0 });
  });
});
