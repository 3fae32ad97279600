import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX, MAX_BODY_BYTES } from '@forja/shared/constants';
import type { Redis } from 'ioredis';
import type { Payments } from './adapters/payments/payments';
import { databaseObjectStore } from './adapters/storage/database-object-store';
import type { ObjectStore } from './adapters/storage/object-store';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { EventHub, type EventHubOptions } from './events/hub';
import { registerAuthentication } from './http/authentication';
import { registerTrainerAnswers } from './http/trainer-answers';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
} from './http/error-handler';
import { serializeError } from './http/error-logging';
import { registerIdempotency } from './http/idempotency';
import { requestLogFields } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import {
  DEFAULT_RATE_LIMITS,
  registerRateLimiting,
  scaleWriteLimits,
  type RateLimits,
} from './http/rate-limit';
import type { RouteDeps } from './http/route-deps';
import { registerSpa } from './http/spa';
import { registerCompression } from './http/compression';
import { requireSubscription } from './http/subscription-gate';
import { accountDeletionRoutes } from './modules/account-deletion/account-deletion.routes';
import { authRoutes } from './modules/auth/auth.routes';
import {
  checkInsRoutes,
  progressPhotoRoutes,
  trainerCheckInsRoutes,
} from './modules/check-ins/check-ins.routes';
import { coachingRoutes } from './modules/coaching/coaching.routes';
import { commentsRoutes, trainerCommentsRoutes } from './modules/comments/comments.routes';
import { traineeDiaryRoutes } from './modules/diary/trainee-diary.routes';
import { consentsRoutes } from './modules/consents/consents.routes';
import { healthRoutes } from './modules/health/health.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { diaryRoutes } from './modules/diary/diary.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { foodsRoutes, traineeFoodsRoutes } from './modules/foods/foods.routes';
import { recipesRoutes, traineeRecipesRoutes } from './modules/recipes/recipes.routes';
import { devMailRoutes } from './modules/mail/mail.routes';
import {
  messageEventLoaders,
  messagePhotoRoutes,
  messagesRoutes,
  trainerMessagesRoutes,
} from './modules/messages/messages.routes';
import { metricsRoutes, trainerMetricsRoutes } from './modules/metrics/metrics.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { programsRoutes, trainingPlanRoutes } from './modules/programs/programs.routes';
import {
  profilePictureMediaRoutes,
  profilePictureRoutes,
} from './modules/profile-pictures/profile-pictures.routes';
import {
  metricsScreensRoutes,
  trainerMetricsScreensRoutes,
} from './modules/screens/metrics-screens.routes';
import { screensRoutes, trainerScreensRoutes } from './modules/screens/screens.routes';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { targetsRoutes, traineeTargetsRoutes } from './modules/targets/targets.routes';
import { trainerNotesRoutes } from './modules/trainer-notes/trainer-notes.routes';
import { todayRoutes } from './modules/today/today.routes';
import { trainerLinksRoutes } from './modules/trainer-links/trainer-links.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { usersRoutes } from './modules/users/users.routes';
import { webDistFolder } from './paths';

export const VERSION = '0.1.0';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  payments: Payments;
  /** Shared store for rate limits across instances; memory when absent or unavailable. */
  redis?: Redis | undefined;
  /** Where progress photos are kept; the database unless another store is given. */
  objects?: ObjectStore;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  webDist?: string;
  /** Overrides of the production rate limits, per action. */
  rateLimits?: Partial<RateLimits>;
  /** Prefix of the rate-limit keys in Redis. */
  rateLimitNamespace?: string;
  /** Overrides of the event streams' timings and bounds (tests and the bench). */
  events?: Partial<
    Pick<EventHubOptions, 'heartbeatMs' | 'lifetimeMs' | 'maxStreamsPerUser' | 'maxStreams'>
  >;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify trusts no hop for a bare number, so a hop
 * count becomes a function: with n, the n nearest hops (the socket's peer first) are the
 * proxies and the address before them is the client's; whatever a client writes further
 * left in X-Forwarded-For is never read.
 */
function trustedProxies(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Every logger the app makes writes requests without their query strings (a reset token or
 * an address can ride there) and errors without the statements and values they carry.
 */
function withSafeLogging(logger: BuildOptions['logger']): BuildOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, req: requestLogFields, err: serializeError },
  };
}

/** The whole application as a Fastify instance; tests build it and use inject(). */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const { config } = deps;
  const app = Fastify({
    logger: withSafeLogging(options.logger ?? { level: config.logLevel }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // A request id chosen by the caller would let them forge log lines.
    requestIdHeader: false,
    // What the router and the HTTP parser refuse is answered in the envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: anything else is a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before compression and every route: writes sent with an Idempotency-Key are applied once.
  registerIdempotency(app, { database: deps.database, clock: deps.clock });

  const webDist = options.webDist ?? webDistFolder;
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  await registerCompression(app);
  // Only pages of the configured origins may call the API from a browser; with none, only
  // the app's own origin can. Tokens travel in a header, so no credentials are allowed.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key'],
      exposedHeaders: ['Retry-After', 'Idempotent-Replayed'],
      maxAge: 600,
    });
  }

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Forja API',
        description: 'Every call of the Forja web app, under /v0.',
        version: VERSION,
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token <access_token>',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  const rateLimiting = registerRateLimiting(app, {
    limits: {
      ...scaleWriteLimits(DEFAULT_RATE_LIMITS, deps.config.writeLimitsScale),
      ...options.rateLimits,
    },
    redis: deps.redis,
    ...(options.rateLimitNamespace ? { namespace: options.rateLimitNamespace } : {}),
  });
  // This instance's event streams: they end before the server closes, so clients reconnect
  // to another instance at once, and the listening connection goes with the app.
  const events = new EventHub({
    database: deps.database,
    loaders: { ...messageEventLoaders },
    log: app.log,
    ...options.events,
  });
  app.addHook('preClose', async () => {
    events.endStreams();
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    await events.close();
  });
  // One object for every module's routes plugin; each service takes the part it needs.
  const routeDeps: RouteDeps = {
    database: deps.database,
    db: deps.database.db,
    clock: deps.clock,
    config,
    publicUrl: config.publicUrl,
    payments: deps.payments,
    objects: deps.objects ?? databaseObjectStore(deps.database.db, deps.clock),
    rateLimit: rateLimiting.guard,
    rateLimitStore: rateLimiting.store,
    version: VERSION,
    events,
  };
  const modules = { deps: routeDeps };
  // Handlers take what they work with from the request: these, or the same over the
  // request's transaction for a write sent with an Idempotency-Key (decision 111).
  app.decorateRequest('deps', null as unknown as RouteDeps);
  app.addHook('onRequest', (request, _reply, done) => {
    request.deps = routeDeps;
    done();
  });

  await app.register(
    async (api) => {
      registerAuthentication(api, routeDeps);
      registerTrainerAnswers(api, routeDeps.db);
      // Answers of the API describe one person's data: never keep them in shared caches.
      // Set before the route runs, like the security headers, so it costs no promise at
      // every answer; an error keeps it, and a route's own onSend (a photo) may replace it.
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      // Open to anyone, or to any signed-in user (each route says which).
      await api.register(healthRoutes, modules);
      await api.register(operationsRoutes, modules);
      await api.register(authRoutes, modules);
      await api.register(usersRoutes, modules);
      await api.register(preferencesRoutes, modules);
      await api.register(subscriptionRoutes, modules);
      await api.register(traineeTargetsRoutes, modules);
      await api.register(consentsRoutes, modules);
      await api.register(accountDeletionRoutes, modules);
      await api.register(twoFactorRoutes, modules);
      // The coaching side: trainers' calls check the role themselves and need no subscription.
      await api.register(invitationsRoutes, modules);
      await api.register(trainerLinksRoutes, modules);
      await api.register(coachingRoutes, modules);
      await api.register(trainerCommentsRoutes, modules);
      await api.register(trainerMetricsRoutes, modules);
      await api.register(trainerNotesRoutes, modules);
      await api.register(traineeDiaryRoutes, modules);
      await api.register(traineeRecipesRoutes, modules);
      await api.register(traineeFoodsRoutes, modules);
      await api.register(programsRoutes, modules);
      await api.register(trainerMessagesRoutes, modules);
      await api.register(messagePhotoRoutes, modules);
      await api.register(eventsRoutes, modules);
      await api.register(trainerCheckInsRoutes, modules);
      await api.register(progressPhotoRoutes, modules);
      await api.register(trainerScreensRoutes, modules);
      await api.register(trainerMetricsScreensRoutes, modules);
      // Notifications reach trainers and trainees alike, with or without a subscription.
      await api.register(notificationsRoutes, modules);
      // The paid product: the one place the subscription gate is applied. It runs after
      // authentication (a hook of the enclosing scope), before the body is read or checked.
      await api.register(async (premium) => {
        premium.addHook('onRequest', requireSubscription);
        await premium.register(onboardingRoutes, modules);
        await premium.register(targetsRoutes, modules);
        await premium.register(todayRoutes, modules);
        await premium.register(profilePictureRoutes, modules);
        await premium.register(foodsRoutes, modules);
        await premium.register(recipesRoutes, modules);
        await premium.register(diaryRoutes, modules);
        await premium.register(trainingPlanRoutes, modules);
        await premium.register(commentsRoutes, modules);
        await premium.register(messagesRoutes, modules);
        await premium.register(metricsRoutes, modules);
        await premium.register(checkInsRoutes, modules);
        await premium.register(screensRoutes, modules);
        await premium.register(metricsScreensRoutes, modules);
      });
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await app.register(profilePictureMediaRoutes, modules);
  // The outbox holds reset links and codes: readable only while nothing leaves it (no
  // SMTP_URL, the development outbox mailer) and never in production.
  if (!config.smtpUrl && config.nodeEnv !== 'production') {
    await app.register(devMailRoutes, modules);
  }

  // What only some providers have: the local one serves its checkout pages, and reaches the
  // webhook through the app itself, signed like Stripe.
  if (deps.payments.routes) await app.register(deps.payments.routes);
  deps.payments.connect?.(async (payload, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/subscriptions/stripe/webhook/`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    return res.statusCode >= 200 && res.statusCode < 300;
  });

  await registerSpa(app, webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
