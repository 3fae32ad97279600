import type { Principal } from './authentication';
import { AppError } from './app-error';

/**
 * The id of a `/users/{id}/…` path when it is the caller's own. Anyone else's, and ids that
 * are not ids at all, are a 404: nobody learns which accounts exist.
 */
export function ownUserId(principal: Principal, id: string): string {
  if (id.toLowerCase() !== principal.userId) throw new AppError('notFound');
  return principal.userId;
}
