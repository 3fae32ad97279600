import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from './app-error';
import { requireUser } from './authentication';

/**
 * The access gate of every premium call (onboarding, targets, diary, metrics, …): 401
 * without a signed-in user, 402 without an active or pending subscription, whatever the
 * role (decision 051: a trainer who logs their own food pays like anyone else; their
 * coaching workspace is outside this gate). The free trial counts. Whether there is one was
 * read with the access token, so the gate costs no query. `app.ts` applies it once, as the
 * onRequest hook of the scope that holds the paid product's routes; modules never apply it
 * themselves.
 */
export function requireSubscription(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // Called back rather than awaited: it runs on nearly every call, and a promise each time
  // would cost more than the check. Fastify hands what a hook throws to the error handler.
  if (!requireUser(request).hasAccess) throw new AppError('paymentRequired');
  done();
}
