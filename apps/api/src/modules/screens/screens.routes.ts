import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dateParamsSchema } from '@forja/shared/schemas/diary';
import {
  diaryScreenSchema,
  homeScreenSchema,
  traineeDiaryScreenParamsSchema,
  traineeDiaryScreenQuerySchema,
  traineeDiaryScreenSchema,
  trainerClientsScreenQuerySchema,
  trainerClientsScreenSchema,
} from '@forja/shared/schemas/screens';
import { requireUser } from '../../http/authentication';
import { responses, send } from '../../http/reply';
import type { RoutesOptions } from '../../http/route-deps';
import { requireTrainer, trainersOnly } from '../../http/trainer-role';
import { checkInReviewScreenRoute } from './check-in-review-screen';
import { programBuilderScreenRoute } from './program-builder-screen';
import {
  diaryScreen,
  homeScreen,
  traineeDiaryScreen,
  trainerClientsScreen,
} from './screens.service';
import { traineeCheckInsScreenRoute } from './trainee-check-ins-screen';

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

/**
 * The trainer's screens, each in one read (decisions 112, 115, 123): outside the subscription gate
 * and 404 to anyone who is not a trainer, like every part they are made of (decision 051).
 */
export const trainerScreensRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/screens/trainer-clients/',
    {
      schema: {
        tags,
        security,
        summary:
          "Everything Clientes shows in one answer: the roster's page (its search, tag, order and page, as GET /v0/trainers/trainees/ takes them) and the unread messages per trainee",
        description:
          'A trainer only (anyone else gets a 404); the roster is bounded by what each trainee shares, as its own call.',
        querystring: trainerClientsScreenQuerySchema,
        response: responses(200, trainerClientsScreenSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await trainerClientsScreen(request.deps, requireTrainer(request), request.query),
      ),
  );

  app.get(
    '/screens/trainer-clients/:id/diary/',
    {
      schema: {
        tags,
        security,
        summary:
          "Everything the Diario tab of a trainee's file shows in one answer: the file, the day (?date=, else the trainee's today) and its comments (the trainee's become read)",
        description:
          'A trainer, about one of their trainees (anyone else gets a 404); the day and its comments only when the trainee shares the diary (else null), each part bounded by what they share, as its own call.',
        params: traineeDiaryScreenParamsSchema,
        querystring: traineeDiaryScreenQuerySchema,
        response: responses(200, traineeDiaryScreenSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await traineeDiaryScreen(
          request.deps,
          requireTrainer(request),
          request.params.id,
          request.query.date,
        ),
      ),
  );

  // Decision 123: a check-in's review, the file's Revisiones tab and the program builder.
  checkInReviewScreenRoute(app);
  traineeCheckInsScreenRoute(app);
  programBuilderScreenRoute(app);

  return Promise.resolve();
};
