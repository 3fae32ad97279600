import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_SCHEME } from '@forja/shared/constants';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { resolveAccessToken, type SessionPrincipal } from '#security/sessions';
import { AppError } from './app-error';

/** Who is calling: the user, their role and the session (family) their token belongs to. */
export type Principal = SessionPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from `Authorization: Token <access_token>`; null when absent or not valid. */
    principal: Principal | null;
  }
}

/** The access token of `Authorization: Token <token>`, or null for anything else. */
export function accessTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^(\S+) (\S+)$/.exec(header.trim());
  if (!match || match[1] !== AUTH_SCHEME) return null;
  return match[2] ?? null;
}

/**
 * Resolves the caller of every request in `app`'s scope into `request.principal`. A
 * missing, malformed, expired or revoked token leaves it null; routes that need a user
 * call requireUser().
 */
export function registerAuthentication(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const token = accessTokenOf(request);
    request.principal = token ? await resolveAccessToken(deps, token) : null;
  });
}

/** The caller, or a 401 when there is none. */
export function requireUser(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized');
  return request.principal;
}

/** An onRequest hook for routes (or whole scopes) that only signed-in users may call. */
export async function authenticated(request: FastifyRequest) {
  requireUser(request);
  return Promise.resolve();
}
