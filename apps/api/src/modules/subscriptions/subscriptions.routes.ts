import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutQuerySchema,
  checkoutSessionSchema,
  planOfferListSchema,
  portalSessionSchema,
  subscriptionListSchema,
  webhookReceiptSchema,
} from '@forja/shared/schemas/subscription';
import { authenticated, requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { createCheckout, createPortal } from './checkout.service';
import { listPlans, listSubscriptions, type SubscriptionDeps } from './subscriptions.service';
import { receiveWebhook } from './webhooks.service';

const tags = ['subscriptions'];
const security = [{ token: [] }];

export const subscriptionRoutes: FastifyPluginAsyncZod<RoutesOptions> = async (app, options) => {
  const deps = (request: { deps: RoutesOptions['deps']; log: SubscriptionDeps['log'] }) => ({
    ...request.deps,
    log: request.log,
  });

  app.get(
    '/subscriptions/',
    {
      schema: {
        tags,
        security,
        summary: "The user's subscriptions at the provider, newest first",
        response: responses(200, subscriptionListSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await listSubscriptions(deps(request), requireUser(request).userId)),
  );

  app.get(
    '/subscriptions/stripe/checkout/',
    {
      schema: {
        tags,
        security,
        summary: 'Open a hosted checkout for a plan (premium by default)',
        querystring: checkoutQuerySchema,
        response: responses(200, checkoutSessionSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return send(reply, 200, await createCheckout(deps(request), userId, request.query.plan));
    },
  );

  app.get(
    '/subscriptions/stripe/portal/',
    {
      schema: {
        tags,
        security,
        summary: "The provider's customer portal: cancel or change the card",
        response: responses(200, portalSessionSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await createPortal(deps(request), requireUser(request).userId)),
  );

  app.get(
    '/subscriptions/plans/',
    {
      schema: {
        tags,
        summary: 'The plans on offer, with price, currency, interval and trial days',
        response: responses(200, planOfferListSchema),
      },
    },
    async (_request, reply) => send(reply, 200, listPlans(options.deps.config)),
  );

  // The webhook reads its body as raw bytes: the signature covers them exactly, and
  // re-serialised JSON would not match. The parser lives in this scope only.
  await app.register((scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body: Buffer, done) => {
        done(null, body);
      },
    );
    scope.post(
      '/subscriptions/stripe/webhook/',
      {
        schema: {
          tags,
          summary: "The payment provider's signed events (Stripe's scheme)",
          response: responses(200, webhookReceiptSchema),
        },
      },
      async (request, reply) => {
        const header = request.headers['stripe-signature'];
        const outcome = await receiveWebhook(
          deps(request),
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof header === 'string' ? header : undefined,
        );
        request.log.info({ outcome }, 'webhook event received');
        return send(reply, 200, { received: true } as const);
      },
    );
    return Promise.resolve();
  });
};
