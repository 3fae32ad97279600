import { queryOptions } from '@tanstack/react-query';
import { targetsSchema } from '@forja/shared/schemas/targets';
import { http } from '../../lib/http';

/**
 * The person's targets, computed by the server from their onboarding answers. Refetched on
 * every visit: an edited answer or a birthday changes them.
 */
export function targetsQuery(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'targets'],
    queryFn: () =>
      http.get('/targets/', {
        schema: targetsSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener tus objetivos',
      }),
    staleTime: 0,
  });
}
