import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, noticeSchema } from '@forja/shared/schemas/envelope';
import {
  foodInputSchema,
  foodListSchema,
  foodSchema,
  foodSearchQuerySchema,
} from '@forja/shared/schemas/foods';
import { MAX_OWN_FOODS } from '@forja/shared/constants';
import { foodTableSchema } from '@forja/shared/schemas/food-table';
import { traineeFoodSearchQuerySchema } from '@forja/shared/schemas/recipes';
import { requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import {
  createFood,
  deleteFood,
  findFoodByBarcode,
  foodTableAnswer,
  getFood,
  ownFoods,
  searchFoodsAnswer,
  searchFoodsForTrainee,
  setFavourite,
  updateFood,
} from './foods.service';

type FoodSearchAnswer = z.infer<ReturnType<typeof envelope<typeof foodListSchema>>>;
type FoodTableAnswer = z.infer<ReturnType<typeof envelope<typeof foodTableSchema>>>;

/** Whether an If-None-Match header names `etag` (compared weakly, as the header is). */
function alreadyHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === etag);
}

const tags = ['foods'];
const security = [{ token: [] }];
const idParams = z.object({ id: z.string() });

export const foodsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/foods/',
    {
      schema: {
        tags,
        security,
        summary: 'Search the food table and one’s own foods; favourites and recents without q',
        querystring: foodSearchQuerySchema,
        response: responses(200, foodListSchema),
      },
    },
    async (request, reply) => {
      const { userId, user } = requireUser(request);
      const answer = await searchFoodsAnswer(
        request.deps,
        userId,
        request.query,
        user.foods_version,
      );
      // Already the envelope's JSON, checked against the schema (`searchFoodsAnswer`): the
      // typed reply expects the object, which Fastify would check and write once more.
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(answer as unknown as FoodSearchAnswer);
    },
  );

  app.get(
    '/foods/table/',
    {
      schema: {
        tags,
        security,
        summary: 'The shipped food table, for a device to search without signal',
        description:
          'Every food of the table with the other names it is found by and how commonly it is eaten. ' +
          'Carries a strong ETag derived from its content; sent again with If-None-Match, an ' +
          'unchanged table is a 304 without a body.',
        response: { ...responses(200, foodTableSchema), 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      requireUser(request);
      const { json, etag } = await foodTableAnswer(request.deps);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (alreadyHeld(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      // Already the envelope's JSON, checked against the schema once (`foodTableAnswer`).
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(json as unknown as FoodTableAnswer);
    },
  );

  app.get(
    '/foods/own/',
    {
      schema: {
        tags,
        security,
        summary: 'Every one of one’s own foods and recipes, for a device to find them offline',
        description: `At most ${String(MAX_OWN_FOODS)}, the bound on them; with the favourite and recent marks and the allergy warnings of a search's answer.`,
        response: responses(200, foodListSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await ownFoods(request.deps, requireUser(request).userId)),
  );

  app.get(
    '/foods/barcodes/:code/',
    {
      schema: {
        tags,
        security,
        summary: 'The product with a barcode: one’s own first, then one shared with Forja',
        params: z.object({ code: z.string() }),
        response: responses(200, foodSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await findFoodByBarcode(request.deps, requireUser(request).userId, request.params.code),
      ),
  );

  app.get(
    '/foods/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One food',
        params: idParams,
        response: responses(200, foodSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await getFood(request.deps, requireUser(request).userId, request.params.id)),
  );

  app.post(
    '/foods/',
    {
      schema: {
        tags,
        security,
        summary: 'Create one’s own food, per 100 g',
        body: foodInputSchema,
        response: responses(201, foodSchema),
      },
    },
    async (request, reply) =>
      send(reply, 201, await createFood(request.deps, requireUser(request).userId, request.body)),
  );

  app.put(
    '/foods/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Change one’s own food',
        params: idParams,
        body: foodInputSchema,
        response: responses(200, foodSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updateFood(
          request.deps,
          requireUser(request).userId,
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/foods/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one’s own food; entries made from it stay',
        params: idParams,
        response: responses(200, noticeSchema),
      },
    },
    async (request, reply) => {
      await deleteFood(request.deps, requireUser(request).userId, request.params.id);
      return send(reply, 200, { message: 'Alimento eliminado' });
    },
  );

  for (const [method, favourite] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/foods/:id/favourite/',
      schema: {
        tags,
        security,
        summary: favourite ? 'Mark a food as a favourite' : 'Unmark a favourite',
        params: idParams,
        response: responses(200, foodSchema),
      },
      handler: async (request, reply) =>
        send(
          reply,
          200,
          await setFavourite(
            request.deps,
            requireUser(request).userId,
            request.params.id,
            favourite,
          ),
        ),
    });
  }

  return Promise.resolve();
};

/**
 * A trainer's search of a trainee's foods, to compose their recipes (decision 080): outside
 * the subscription gate, as the trainer's recipe routes.
 */
export const traineeFoodsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/trainers/trainees/:id/foods/',
    {
      config: { trainerAnswer: 'foods' },
      schema: {
        tags: ['trainers'],
        security,
        summary:
          'Search foods as a trainee would, for their recipes: the food table and their own foods',
        description:
          'A trainer, for one of their trainees who shares the diary; anyone else gets a 404.',
        params: z.object({ id: z.string().max(64) }),
        querystring: traineeFoodSearchQuerySchema,
        response: responses(200, foodListSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer = await searchFoodsForTrainee(
        request.deps,
        requireTrainer(request).userId,
        id,
        request.query,
      );
      // Already the envelope's JSON, checked against the schema (`searchFoodsAnswer`).
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(answer as unknown as FoodSearchAnswer);
    },
  );

  return Promise.resolve();
};
