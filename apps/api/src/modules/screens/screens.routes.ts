import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dateParamsSchema } from '@forja/shared/schemas/diary';
import { diaryScreenSchema, homeScreenSchema } from '@forja/shared/schemas/screens';
import { requireUser } from '../../http/authentication';
import { responses, send } from '../../http/reply';
import type { RoutesOptions } from '../../http/route-deps';
import { diaryScreen, homeScreen } from './screens.service';

const tags = ['screens'];
const security = [{ token: [] }];

/**
 * The trainee's screens, each in one read (decision 112): inside the subscription gate, like
 * every part they are made of. The calls of each part stay as they are.
 */
export const screensRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/screens/home/',
    {
      schema: {
        tags,
        security,
        summary:
          "Everything home shows in one answer: today, the onboarding, the targets and the week's proposal, the trainer's comments, the check-in and today's planned session",
        response: responses(200, homeScreenSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await homeScreen(request.deps, requireUser(request).userId)),
  );

  app.get(
    '/screens/diary/:date/',
    {
      schema: {
        tags,
        security,
        summary:
          "Everything a day of the diary shows in one answer: the day, the day before, the day's comments (the trainer's become read) and its planned session",
        params: dateParamsSchema,
        response: responses(200, diaryScreenSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await diaryScreen(request.deps, requireUser(request).userId, request.params.date),
      ),
  );

  return Promise.resolve();
};
