import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { requireUser, type Principal } from './authentication';

/**
 * The caller of a trainer's call: 401 without a signed-in user, 404 for anyone who is not a
 * trainer, as if the call were not there (decision 051). No subscription is needed.
 */
export function requireTrainer(request: FastifyRequest): Principal {
  const principal = requireUser(request);
  if (principal.role !== 'trainer') throw new AppError('notFound');
  return principal;
}

/** An onRequest hook for the calls of the trainer's workspace. */
export async function trainersOnly(request: FastifyRequest) {
  requireTrainer(request);
  return Promise.resolve();
}
