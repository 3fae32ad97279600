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
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuthentication } from './http/authentication';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
} from './http/error-handler';
import { serializeError } from './http/error-logging';
import { requestLogFields } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { DEFAULT_RATE_LIMITS, registerRateLimiting, type RateLimits } from './http/rate-limit';
import { registerSpa, webAppScriptHashes } from './http/spa';
import { requireSubscription } from './http/subscription-gate';
import { accountDeletionRoutes } from './modules/account-deletion/account-deletion.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { consentsRoutes } from './modules/consents/consents.routes';
import { healthRoutes } from './modules/health/health.routes';
import { diaryRoutes } from './modules/diary/diary.routes';
import { foodsRoutes } from './modules/foods/foods.routes';
import { devMailRoutes } from './modules/mail/mail.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import {
  profilePictureMediaRoutes,
  profilePictureRoutes,
} from './modules/profile-pictures/profile-pictures.routes';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { targetsRoutes } from './modules/targets/targets.routes';
import { todayRoutes } from './modules/today/today.routes';
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
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  webDist?: string;
  /** Overrides of the production rate limits, per action. */
  rateLimits?: Partial<RateLimits>;
  /** Prefix of the rate-limit keys in Redis. */
  rateLimitNamespace?: string;
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

  const webDist = options.webDist ?? webDistFolder;
  registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https://'),
    scriptHashes: webAppScriptHashes(webDist),
  });
  // Only pages of the configured origins may call the API from a browser; with none, only
  // the app's own origin can. Tokens travel in a header, so no credentials are allowed.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
      exposedHeaders: ['Retry-After'],
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
    limits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    redis: deps.redis,
    ...(options.rateLimitNamespace ? { namespace: options.rateLimitNamespace } : {}),
  });
  const rateLimit = rateLimiting.guard;
  const { db } = deps.database;
  const services = { db, clock: deps.clock, publicUrl: config.publicUrl };

  await app.register(
    async (api) => {
      registerAuthentication(api, services);
      // Answers of the API describe one person's data: never keep them in shared caches.
      api.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      await api.register(healthRoutes, {
        database: deps.database,
        version: VERSION,
        rateLimitStore: rateLimiting.store,
      });
      await api.register(authRoutes, { deps: services, rateLimit });
      await api.register(usersRoutes, { deps: services, rateLimit });
      await api.register(preferencesRoutes, { deps: services });
      await api.register(subscriptionRoutes, {
        db,
        payments: deps.payments,
        clock: deps.clock,
        config,
      });
      const premium = { deps: services, requireSubscription };
      await api.register(onboardingRoutes, premium);
      await api.register(targetsRoutes, premium);
      await api.register(todayRoutes, premium);
      await api.register(profilePictureRoutes, premium);
      await api.register(consentsRoutes, { deps: services });
      await api.register(accountDeletionRoutes, {
        deps: { db, clock: deps.clock, payments: deps.payments },
        rateLimit,
      });
      await api.register(foodsRoutes, { deps: services });
      await api.register(diaryRoutes, { deps: services });
      await api.register(metricsRoutes, { deps: services });
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await app.register(profilePictureMediaRoutes, { deps: { db } });
  // The outbox holds reset links and codes: readable only while nothing leaves it (no
  // SMTP_URL, the development outbox mailer) and never in production.
  if (!config.smtpUrl && config.nodeEnv !== 'production') {
    await app.register(devMailRoutes, { db });
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
