import { queryOptions } from '@tanstack/react-query';
import {
  rosterSchema,
  traineeTagsSchema,
  type RosterSort,
} from '@forja/shared/schemas/trainer-workspace';
import { http } from '#lib/http';

/** What the roster shows: the search, the order and the tag filter, as the address has them. */
export interface RosterView {
  q: string;
  sort: RosterSort;
  order: 'asc' | 'desc';
  tag: string;
  /** From 1. */
  page: number;
}

/**
 * Trainees a page of Clientes shows: a phone scrolls fifty cards comfortably, and the page
 * stays quick to draw with a full roster of 500.
 */
export const ROSTER_PAGE_SIZE = 50;

/** The roster's query for a view: its search, tag, order and page. */
export function rosterParams(view: RosterView): Record<string, string> {
  return {
    ...(view.q ? { q: view.q } : {}),
    sort: view.sort,
    order: view.order,
    ...(view.tag ? { tag: view.tag } : {}),
    limit: String(ROSTER_PAGE_SIZE),
    ...(view.page > 1 ? { offset: String((view.page - 1) * ROSTER_PAGE_SIZE) } : {}),
  };
}

/** Clientes: the trainer's trainees with their figures, searched, filtered and sorted. */
export function rosterQuery(view: RosterView) {
  return queryOptions({
    queryKey: ['trainers', 'trainees', view],
    queryFn: () =>
      http.get('/trainers/trainees/', {
        schema: rosterSchema,
        query: rosterParams(view),
        invalidResponseMessage: 'Ocurrió un error al obtener tus clientes',
      }),
  });
}

/** Replaces a trainee's tags (`[]` removes them); answers the tags as kept. */
export function saveTraineeTags(traineeId: string, tags: string[]) {
  return http.put(`/trainers/trainees/${encodeURIComponent(traineeId)}/tags/`, {
    schema: traineeTagsSchema,
    body: { tags },
    invalidResponseMessage: 'Ocurrió un error al guardar las etiquetas',
  });
}
