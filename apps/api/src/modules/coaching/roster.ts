import { foldForSearch } from '@forja/shared/search-text';
import type { RosterItem, RosterSort } from '@forja/shared/schemas/trainer-workspace';
import { weeklyRate } from '@forja/shared/weight-trend';
import { figuresOver } from '#trainee-figures/figures';
import type { TraineeSnapshot } from '#trainee-figures/trainee-snapshot';
import { trendDirection } from './trend-direction';

/** The latest of the days the trainee logged something they share. */
function lastActivity(trainee: TraineeSnapshot): string | null {
  const days = [trainee.last_food_day, trainee.last_session_day, trainee.last_weigh_in].filter(
    (day) => day !== null,
  );
  return days.sort().at(-1) ?? null;
}

export function rosterItemOf(trainee: TraineeSnapshot): RosterItem {
  const rate = trainee.shares.body ? weeklyRate(trainee.weighings) : null;
  return {
    id: trainee.id,
    first_name: trainee.first_name,
    last_name: trainee.last_name,
    profile_picture_url: trainee.profile_picture_url,
    tags: trainee.tags,
    shares: trainee.shares,
    last_activity: lastActivity(trainee),
    last_7_days: figuresOver(trainee, 7),
    last_30_days: figuresOver(trainee, 30),
    trend: trendDirection(rate),
    weekly_rate_kg: rate,
  };
}

/** Whether an item matches the search (part of the name) and the tag, case and accents aside. */
export function matches(item: RosterItem, q: string, tag: string | undefined): boolean {
  const query = foldForSearch(q);
  if (query && !foldForSearch(`${item.first_name} ${item.last_name}`).includes(query)) {
    return false;
  }
  if (tag === undefined || tag.trim() === '') return true;
  const wanted = foldForSearch(tag);
  return item.tags.some((candidate) => foldForSearch(candidate) === wanted);
}

const names = new Intl.Collator('es', { sensitivity: 'base' });

function byName(a: RosterItem, b: RosterItem): number {
  return (
    names.compare(a.last_name, b.last_name) ||
    names.compare(a.first_name, b.first_name) ||
    a.id.localeCompare(b.id)
  );
}

const sortValue: Record<
  Exclude<RosterSort, 'name'>,
  (item: RosterItem) => number | string | null
> = {
  last_activity: (item) => item.last_activity,
  days_logged_7d: (item) => item.last_7_days.days_logged,
  adherence_7d: (item) => item.last_7_days.adherence_percent,
  adherence_30d: (item) => item.last_30_days.adherence_percent,
  sessions_7d: (item) => item.last_7_days.sessions_done,
  weigh_ins_30d: (item) => item.last_30_days.weigh_ins,
  weekly_rate: (item) => item.weekly_rate_kg,
};

/**
 * The roster in the asked order. Trainees without the figure (not shared, or no data) come
 * last either way; ties go by name.
 */
export function sortRoster(
  items: readonly RosterItem[],
  sort: RosterSort,
  order: 'asc' | 'desc',
): RosterItem[] {
  const sign = order === 'asc' ? 1 : -1;
  if (sort === 'name') return [...items].sort((a, b) => sign * byName(a, b));
  const value = sortValue[sort];
  return [...items].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null)
      return (x === null ? 1 : 0) - (y === null ? 1 : 0) || byName(a, b);
    const compared = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return sign * compared || byName(a, b);
  });
}
