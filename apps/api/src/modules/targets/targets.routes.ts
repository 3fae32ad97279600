import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  targetChangeSchema,
  targetOverrideInputSchema,
  targetsSchema,
  traineeTargetsSchema,
} from '@forja/shared/schemas/targets';
import {
  targetProposalSchema,
  targetProposalsSchema,
  traineeProposalDecisionSchema,
  trainerProposalDecisionSchema,
} from '@forja/shared/schemas/target-proposals';
import { expenditureSchema } from '@forja/shared/schemas/expenditure';
import { authenticated, requireUser } from '#http/authentication';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { getTargets } from '#nutrition/targets';
import { getExpenditure, getTraineeExpenditure } from './expenditure.service';
import {
  decideAsTrainee,
  decideAsTrainer,
  getProposals,
  getTraineeProposals,
} from './proposals.service';
import {
  clearTargetOverride,
  getTraineeTargets,
  setTargetOverride,
  targetHistory,
} from './targets.service';

const tags = ['targets'];
const security = [{ token: [] }];
const params = z.object({ id: z.string() });
const proposalParams = z.object({ proposalId: z.string() });
const traineeProposalParams = z.object({ id: z.string(), proposalId: z.string() });
const whoMay =
  'A trainer, for their own trainees who consented to share their data; an admin, for any trainee. Anyone else gets a 404.';

/** The caller's own targets: part of the paid product, registered behind the 402 gate. */
export const targetsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/targets/',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's daily targets, computed from their onboarding answers, or their trainer's when set",
        response: responses(200, targetsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getTargets(request.deps, requireUser(request).userId)),
  );

  app.get(
    '/targets/expenditure/',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's expenditure as their days logged as complete and their weighings show it, beside the formula's TDEE, with one estimate a week for up to 26 weeks",
        response: responses(200, expenditureSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getExpenditure(request.deps, requireUser(request).userId)),
  );

  app.get(
    '/targets/proposals/',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's weekly proposals of a new energy target, newest first (at most 26), and who decides them; this week's is made first when it is due",
        response: responses(200, targetProposalsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getProposals(request.deps, requireUser(request).userId)),
  );

  app.put(
    '/targets/proposals/:proposalId/decision/',
    {
      schema: {
        tags,
        security,
        summary:
          'Accept a weekly proposal (its energy becomes the target) or keep the target as it is',
        description:
          'Only without a trainer who reviews the proposals (one who sees both the body and the diary); otherwise a 404. Once decided, the same decision answers the same and another is a 409.',
        params: proposalParams,
        body: traineeProposalDecisionSchema,
        response: responses(200, targetProposalSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await decideAsTrainee(
          request.deps,
          requireUser(request).userId,
          request.params.proposalId,
          request.body,
        ),
      ),
  );

  app.get(
    '/targets/history/',
    {
      schema: {
        tags,
        security,
        summary: "The changes of the caller's targets, newest first (the last 100): who, when, why",
        response: responses(200, z.array(targetChangeSchema)),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await targetHistory(request.deps.db, requireUser(request).userId)),
  );

  return Promise.resolve();
};

/**
 * A trainee's targets as their trainer or an admin manages them. Trainers and admins are
 * never asked for a subscription, and trainees get a 404 here, so these calls stay outside
 * the subscription gate.
 */
export const traineeTargetsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/users/:id/targets/',
    {
      config: { trainerAnswer: 'traineeTargets' },
      schema: {
        tags,
        security,
        summary: "A trainee's targets: the trainer's override, the result and the formula's",
        description: whoMay,
        params,
        response: responses(200, traineeTargetsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await getTraineeTargets(request.deps, requireUser(request), request.params.id),
      ),
  );

  app.put(
    '/users/:id/targets/',
    {
      config: { trainerAnswer: 'traineeTargets' },
      schema: {
        tags,
        security,
        summary:
          "Set a trainee's energy target (800-6000 kcal, may be below the BMR) and optionally protein and fat in g a day",
        description: whoMay,
        params,
        body: targetOverrideInputSchema,
        response: responses(200, traineeTargetsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await setTargetOverride(
          request.deps,
          requireUser(request),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.get(
    '/trainers/trainees/:id/expenditure/',
    {
      config: { trainerAnswer: 'expenditure' },
      schema: {
        tags: ['trainers'],
        security,
        summary: "A trainee's expenditure as the trainee reads it, beside the formula's TDEE",
        description:
          'A trainer, for their own trainees who share both the body and the diary. Anyone else gets a 404. No subscription is needed.',
        params,
        response: responses(200, expenditureSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await getTraineeExpenditure(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
        ),
      ),
  );

  app.get(
    '/trainers/trainees/:id/proposals/',
    {
      config: { trainerAnswer: 'proposals' },
      schema: {
        tags: ['trainers'],
        security,
        summary: "A trainee's weekly proposals of a new energy target, newest first (at most 26)",
        description:
          'A trainer, for their own trainees who share both the body and the diary. Anyone else gets a 404. No subscription is needed.',
        params,
        response: responses(200, targetProposalsSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await getTraineeProposals(request.deps, requireTrainer(request).userId, request.params.id),
      ),
  );

  app.put(
    '/trainers/trainees/:id/proposals/:proposalId/decision/',
    {
      config: { trainerAnswer: 'proposal' },
      schema: {
        tags: ['trainers'],
        security,
        summary:
          "Approve a trainee's weekly proposal (with another energy when given) or reject it",
        description:
          "A trainer, for their own trainees who share both the body and the diary; anyone else gets a 404. An energy below the trainee's minimum needs confirm_below_minimum. Once decided, the same decision answers the same and another is a 409.",
        params: traineeProposalParams,
        body: trainerProposalDecisionSchema,
        response: responses(200, targetProposalSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await decideAsTrainer(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
          request.params.proposalId,
          request.body,
        ),
      ),
  );

  app.delete(
    '/users/:id/targets/',
    {
      config: { trainerAnswer: 'traineeTargets' },
      schema: {
        tags,
        security,
        summary: "Take a trainee back to the formula's targets",
        description: whoMay,
        params,
        response: responses(200, traineeTargetsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await clearTargetOverride(request.deps, requireUser(request), request.params.id),
      ),
  );

  return Promise.resolve();
};
