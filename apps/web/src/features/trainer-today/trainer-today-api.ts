import { queryOptions } from '@tanstack/react-query';
import {
  queueItemStateSchema,
  queueSchema,
  type QueueItemState,
} from '@forja/shared/schemas/trainer-workspace';
import { http } from '#lib/http';

/** Hoy: what needs the trainer today, ranked by the server (severity, then how long). */
export const queueQuery = queryOptions({
  queryKey: ['trainers', 'queue'],
  queryFn: () =>
    http.get('/trainers/queue/', {
      schema: queueSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener lo pendiente de hoy',
    }),
});

/** Hides an item for `days` days, whatever happens meanwhile. */
export function snoozeQueueItem(id: string, days: number): Promise<QueueItemState> {
  return http.post(`/trainers/queue/${encodeURIComponent(id)}/snooze/`, {
    schema: queueItemStateSchema,
    body: { days },
    invalidResponseMessage: 'Ocurrió un error al posponer el aviso',
  });
}

/** Puts an item away until its situation starts again. */
export function markQueueItemDone(id: string): Promise<QueueItemState> {
  return http.post(`/trainers/queue/${encodeURIComponent(id)}/done/`, {
    schema: queueItemStateSchema,
    invalidResponseMessage: 'Ocurrió un error al marcar el aviso como hecho',
  });
}
