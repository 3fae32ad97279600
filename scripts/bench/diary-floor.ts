import {
  FOOD_SEARCH_CONNECTIONS,
  FOOD_SEARCH_ROUNDS,
  inTurnWithFloor,
  type CpuCounters,
  type CpuPerRequest,
} from './food-search';
import { authenticatedGet, type LoadResult, type Shape } from './load';

/** A day of the diary answers at least this share of the one-query floor's req/s (issue 48). */
export const DIARY_FLOOR_BUDGET = 0.5;

export interface DiaryFloorRow {
  label: string;
  /** Held to the budget; the others show where a signed-in request's time goes. */
  budgeted: boolean;
  result: LoadResult;
  floor: LoadResult;
  cpu?: { result: CpuPerRequest; floor: CpuPerRequest } | undefined;
}

/**
 * A day of the diary (a day with a session, in the middle of a year of data) at 10
 * connections, each call in turn with the one-query floor, beside what any request costs
 * before its own work: an open call reading one row, and a signed-in call answering the
 * caller's own row (read with the token).
 */
export async function measureDiaryAgainstFloor(
  api: string,
  bare: string,
  token: string,
  userId: string,
  date: string,
  seconds: number,
  warmUp: number,
  cpu?: CpuCounters,
): Promise<DiaryFloorRow[]> {
  const floor: Shape = { method: 'GET', path: `/floor/${userId}` };
  const calls: [string, boolean, Shape][] = [
    ['GET /v0/health/ (not signed in, one query)', false, { method: 'GET', path: '/v0/health/' }],
    [
      'GET /v0/users/?limit=1 (signed in, no query of its own)',
      false,
      authenticatedGet('/v0/users/?limit=1', token),
    ],
    ['GET /v0/diary/days/:date/', true, authenticatedGet(`/v0/diary/days/${date}/`, token)],
    [
      'GET /v0/screens/diary/:date/ (the screen: the day, the day before, comments, session)',
      false,
      authenticatedGet(`/v0/screens/diary/${date}/`, token),
    ],
  ];
  const rows = await inTurnWithFloor(
    api,
    bare,
    calls.map(([label, , shape]) => [label, shape, floor]),
    seconds,
    warmUp,
    cpu,
  );
  return rows.map((row, index) => ({ ...row, budgeted: calls[index]?.[1] ?? false }));
}

/** Table rows; a budgeted call under the budget, or a failed request, is a problem. */
export function diaryFloorRows(rows: DiaryFloorRow[], problems: string[]): string[] {
  return rows.map(({ label, budgeted, result, floor, cpu }) => {
    const share =
      floor.requestsPerSecond > 0 ? result.requestsPerSecond / floor.requestsPerSecond : 0;
    if (budgeted && share < DIARY_FLOOR_BUDGET) {
      problems.push(
        `${label}: ${share.toFixed(2)} of the floor's throughput, under its budget of ${DIARY_FLOOR_BUDGET}`,
      );
    }
    for (const [who, run] of [
      ['server', result],
      ['floor', floor],
    ] as const) {
      if (run.failed > 0) problems.push(`${label}: the ${who} answered ${run.failures}`);
    }
    const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(3));
    return `| ${label} | ${result.requestsPerSecond} | ${result.p50} | ${result.p99} | ${floor.requestsPerSecond} | ${floor.p99} | ${share.toFixed(2)} | ${budgeted ? `≥ ${DIARY_FLOOR_BUDGET}` : '—'} | ${ms(cpu?.result.server)} + ${ms(cpu?.result.database)} | ${ms(cpu?.floor.server)} + ${ms(cpu?.floor.database)} | ${result.failed} |`;
  });
}

export function diaryFloorSection(rows: string[], seconds: number): string[] {
  return [
    '## A day of the diary against the one-query floor',
    '',
    `The trainee with a year of data, a day with a session; ${FOOD_SEARCH_CONNECTIONS} connections, each row in turn with the floor, ${FOOD_SEARCH_ROUNDS} rounds of ${Math.ceil(seconds / FOOD_SEARCH_ROUNDS)} s each, which goes first alternating (as the food search). The first two rows, without a budget, show what any request costs before its own work: an open call that reads one row, and a signed-in call that answers the caller's own row (read with the token, one query like the floor's). The CPU a request is counted from the processes themselves (the server's, or the floor's, and the database's backends serving them) around each round: unlike req/s, it does not move with what else the machine runs.`,
    '',
    "| call | req/s | p50 ms | p99 ms | floor req/s | floor p99 ms | ratio to the floor | budget | CPU ms a request: server + database | the floor's | non-2xx |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}
