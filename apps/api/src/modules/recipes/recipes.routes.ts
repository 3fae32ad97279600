import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import { recipeInputSchema, recipeListSchema, recipeSchema } from '@forja/shared/schemas/recipes';
import { requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import {
  asTrainer,
  createRecipe,
  deleteRecipe,
  getRecipe,
  listRecipes,
  updateRecipe,
} from './recipes.service';

const tags = ['recipes'];
const security = [{ token: [] }];
const idParams = z.object({ id: z.string() });

/** One's own recipes (decision 072): behind the subscription gate, as the foods are. */
export const recipesRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/recipes/',
    {
      schema: {
        tags,
        security,
        summary: 'One’s recipes, by name',
        response: responses(200, recipeListSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await listRecipes(request.deps, requireUser(request).userId)),
  );

  app.get(
    '/recipes/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One recipe with its ingredients',
        params: idParams,
        response: responses(200, recipeSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await getRecipe(request.deps, requireUser(request).userId, request.params.id),
      ),
  );

  app.post(
    '/recipes/',
    {
      schema: {
        tags,
        security,
        summary:
          'Create a recipe: ingredients with grams, and servings or cooked weight; it becomes one’s own food',
        body: recipeInputSchema,
        response: responses(201, recipeSchema),
      },
    },
    async (request, reply) =>
      send(reply, 201, await createRecipe(request.deps, requireUser(request).userId, request.body)),
  );

  app.put(
    '/recipes/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Change a recipe; entries logged from it keep their values',
        params: idParams,
        body: recipeInputSchema,
        response: responses(200, recipeSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updateRecipe(
          request.deps,
          requireUser(request).userId,
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/recipes/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a recipe; entries logged from it stay',
        params: idParams,
        response: responses(200, noticeSchema),
      },
    },
    async (request, reply) => {
      await deleteRecipe(request.deps, requireUser(request).userId, request.params.id);
      return send(reply, 200, { message: 'Receta eliminada' });
    },
  );

  return Promise.resolve();
};

const traineeId = z.string().max(64);
const trainerTags = ['trainers'];
const forTrainer =
  'A trainer, for one of their trainees who shares the diary; anyone else gets a 404.';

/** A trainer's hand in a trainee's recipes: outside the subscription gate, as the file. */
export const traineeRecipesRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/trainers/trainees/:id/recipes/',
    {
      config: { trainerAnswer: 'recipes' },
      schema: {
        tags: trainerTags,
        security,
        summary: 'A trainee’s recipes',
        description: forTrainer,
        params: z.object({ id: traineeId }),
        response: responses(200, recipeListSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      const list = await asTrainer(request.deps, requireTrainer(request).userId, id, (deps) =>
        listRecipes(deps, id),
      );
      return send(reply, 200, list);
    },
  );

  app.get(
    '/trainers/trainees/:id/recipes/:recipeId/',
    {
      config: { trainerAnswer: 'recipe' },
      schema: {
        tags: trainerTags,
        security,
        summary: 'One of a trainee’s recipes with its ingredients',
        description: forTrainer,
        params: z.object({ id: traineeId, recipeId: z.string() }),
        response: responses(200, recipeSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) => {
      const { id, recipeId } = request.params;
      const recipe = await asTrainer(request.deps, requireTrainer(request).userId, id, (deps) =>
        getRecipe(deps, id, recipeId),
      );
      return send(reply, 200, recipe);
    },
  );

  app.post(
    '/trainers/trainees/:id/recipes/',
    {
      config: { trainerAnswer: 'recipe' },
      schema: {
        tags: trainerTags,
        security,
        summary: 'Create a recipe for a trainee, among their own foods',
        description: forTrainer,
        params: z.object({ id: traineeId }),
        body: recipeInputSchema,
        response: responses(201, recipeSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      const recipe = await asTrainer(request.deps, requireTrainer(request).userId, id, (deps) =>
        createRecipe(deps, id, request.body),
      );
      return send(reply, 201, recipe);
    },
  );

  app.put(
    '/trainers/trainees/:id/recipes/:recipeId/',
    {
      config: { trainerAnswer: 'recipe' },
      schema: {
        tags: trainerTags,
        security,
        summary: 'Change a trainee’s recipe',
        description: forTrainer,
        params: z.object({ id: traineeId, recipeId: z.string() }),
        body: recipeInputSchema,
        response: responses(200, recipeSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) => {
      const { id, recipeId } = request.params;
      const recipe = await asTrainer(request.deps, requireTrainer(request).userId, id, (deps) =>
        updateRecipe(deps, id, recipeId, request.body),
      );
      return send(reply, 200, recipe);
    },
  );

  return Promise.resolve();
};
