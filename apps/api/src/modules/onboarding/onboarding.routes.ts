import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  onboardingAnswerSchemas,
  onboardingSchema,
  onboardingStepSchemas,
  ONBOARDING_STEP_KEYS,
} from '@forja/shared/schemas/onboarding';
import { authenticated, requireUser } from '#http/authentication';
import { ownUserId } from '#http/ownership';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { finishOnboarding, getOnboarding, saveOnboardingStep } from './onboarding.service';

const tags = ['onboarding'];
const security = [{ token: [] }];
const params = z.object({ id: z.string() });

export const onboardingRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  const guards = { onRequest: authenticated };

  app.get(
    '/users/:id/onboarding/',
    {
      schema: {
        tags,
        security,
        summary: 'Every answer so far, the next step and whether onboarding is finished',
        params,
        response: responses(200, onboardingSchema),
      },
      ...guards,
    },
    async (request, reply) => {
      const userId = ownUserId(requireUser(request), request.params.id);
      return send(reply, 200, await getOnboarding(request.deps, userId));
    },
  );

  for (const step of ONBOARDING_STEP_KEYS) {
    app.get(
      `/users/:id/onboarding/${step}/`,
      {
        schema: {
          tags,
          security,
          summary: `The answer of the ${step} step, or null before it is answered`,
          params,
          response: responses(200, onboardingAnswerSchemas[step].nullable()),
        },
        ...guards,
      },
      async (request, reply) => {
        const userId = ownUserId(requireUser(request), request.params.id);
        const state = await getOnboarding(request.deps, userId);
        return send(reply, 200, state.answers[step]);
      },
    );

    app.put(
      `/users/:id/onboarding/${step}/`,
      {
        schema: {
          tags,
          security,
          summary: `Save the answer of the ${step} step (metric units)`,
          params,
          body: onboardingStepSchemas[step],
          response: responses(200, onboardingSchema),
        },
        ...guards,
      },
      async (request, reply) => {
        const userId = ownUserId(requireUser(request), request.params.id);
        return send(reply, 200, await saveOnboardingStep(request.deps, userId, step, request.body));
      },
    );
  }

  app.post(
    '/users/:id/onboarding/finish/',
    {
      schema: {
        tags,
        security,
        summary: 'Finish the onboarding once every step is answered',
        params,
        response: responses(200, onboardingSchema),
      },
      ...guards,
    },
    async (request, reply) => {
      const userId = ownUserId(requireUser(request), request.params.id);
      return send(reply, 200, await finishOnboarding(request.deps, userId));
    },
  );

  return Promise.resolve();
};
