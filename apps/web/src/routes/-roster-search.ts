import { MAX_TRAINEES_PER_TRAINER } from '@forja/shared/constants';
import type { RosterSort } from '@forja/shared/schemas/trainer-workspace';
import { optionalString } from './-search';

// Kept free of zod, as the other search checks: it runs in the first download.
const SORTS = [
  'name',
  'last_activity',
  'days_logged_7d',
  'adherence_7d',
  'adherence_30d',
  'sessions_7d',
  'weigh_ins_30d',
  'weekly_rate',
] as const satisfies readonly RosterSort[];

export interface RosterSearch {
  q?: string;
  sort?: RosterSort;
  order?: 'asc' | 'desc';
  tag?: string;
  page?: number;
}

/** ?q=&sort=&order=desc&tag=&page= of the roster; what is absent or unknown is the default. */
export function rosterSearch(search: Record<string, unknown>): RosterSearch {
  const q = optionalString(search.q)?.slice(0, 100);
  const sort = SORTS.find((known) => known === search.sort);
  const tag = optionalString(search.tag)?.slice(0, 30);
  const page = Number(search.page);
  return {
    ...(q ? { q } : {}),
    ...(sort && sort !== 'name' ? { sort } : {}),
    ...(search.order === 'desc' ? { order: 'desc' as const } : {}),
    ...(tag ? { tag } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= MAX_TRAINEES_PER_TRAINER ? { page } : {}),
  };
}
