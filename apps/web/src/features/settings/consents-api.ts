import { queryOptions } from '@tanstack/react-query';
import { consentsSchema } from '@forja/shared/schemas/consents';
import { http } from '#lib/http';

const INVALID = 'Ocurrió un error al obtener tus consentimientos';

function base(userId: string) {
  return `/users/${encodeURIComponent(userId)}/consents`;
}

export function consentsQuery(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'consents'],
    queryFn: () =>
      http.get(`${base(userId)}/`, { schema: consentsSchema, invalidResponseMessage: INVALID }),
  });
}

/** Withdraws the consent to process health data; the server deletes the answers at once. */
export function withdrawHealthConsent(userId: string) {
  return http.delete(`${base(userId)}/health-data/`, {
    schema: consentsSchema,
    invalidResponseMessage: INVALID,
  });
}
