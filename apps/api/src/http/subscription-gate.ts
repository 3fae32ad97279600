import type { FastifyRequest } from 'fastify';
import type { Role } from '@forja/shared/constants';
import { AppError } from './app-error';
import { requireUser } from './authentication';

/** Trainers and admins work on their trainees' data; the plans are for trainees. */
const EXEMPT_ROLES: readonly Role[] = ['trainer', 'admin'];

/**
 * The access gate of every premium call (onboarding, targets, diary, metrics, …): 401
 * without a signed-in user, 402 when a trainee has no active or pending subscription. The
 * free trial counts. Whether there is one was read with the access token, so the gate costs
 * no query. `app.ts` applies it once, as the onRequest hook of the scope that holds the
 * paid product's routes; modules never apply it themselves.
 */
export function requireSubscription(request: FastifyRequest): Promise<void> {
  const principal = requireUser(request);
  if (!EXEMPT_ROLES.includes(principal.role) && !principal.hasAccess) {
    throw new AppError('paymentRequired');
  }
  return Promise.resolve();
}
