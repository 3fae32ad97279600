import { authenticatedGet, load, type LoadResult, type Shape } from './load';

/** Food search is typed letter by letter, so it is measured against the one-query floor. */
export const FOOD_SEARCH_CONNECTIONS = 10;
/** At least this share of the floor's req/s, and a p99 under this (issue 17). */
export const FOOD_SEARCH_BUDGET = { ratio: 0.5, p99Ms: 10 };
/**
 * Each row and its floor take turns this many times: the floor of one 10 s run moved by a
 * third from one row to the next on a shared machine, and a row measured once right after
 * it took that drift for the code's.
 */
export const FOOD_SEARCH_ROUNDS = 3;

/**
 * What a person types, each letter a request, as the food picker sends them: names, and
 * phrases with amounts and several foods (decision 104).
 */
const TYPED = [
  'pollo',
  'arroz',
  'leche desnatada',
  'tortilla de patatas',
  'platanos',
  'lentejas',
  'zapallo',
  'platno',
  '2 huevos',
  '100 g arroz',
  'vaso de leche',
  '2 huevos revueltos, una tostada con tomate y un café con leche',
].flatMap((word) => Array.from(word, (_, at) => word.slice(0, at + 1)).filter((q) => q.trim()));

export interface FoodSearchRow {
  label: string;
  result: LoadResult;
  floor: LoadResult;
  /** CPU ms a request, of the call and of the floor, when `inTurnWithFloor` was told how. */
  cpu?: { result: CpuPerRequest; floor: CpuPerRequest };
}

/** CPU ms a request: the serving process's and the database's. */
export interface CpuPerRequest {
  server: number;
  database: number;
}

/**
 * Reads the CPU ms spent so far by what serves a target: its process and the database's
 * backends. Sampled around each round, so it is the work itself, whatever else the machine
 * runs at the time.
 */
export interface CpuCounters {
  api: () => Promise<CpuPerRequest>;
  bare: () => Promise<CpuPerRequest>;
}

/**
 * Every prefix typed, in turn, to `base`: the search, or the floor (which reads the same
 * query string and ignores it), so that the load tool builds the same requests for both.
 */
function typedShape(base: string, headers: Record<string, string> = {}): Shape {
  return {
    method: 'GET',
    path: `${base}?q=p`,
    headers,
    requests: TYPED.map((q) => ({
      method: 'GET' as const,
      path: `${base}?q=${encodeURIComponent(q)}`,
      headers,
    })),
  };
}

/**
 * The food search at 10 connections, in turn with the floor: a bare route reading one row by
 * primary key from the same PostgreSQL (`bare-server.ts`).
 */
export async function measureFoodSearch(
  api: string,
  bare: string,
  token: string,
  userId: string,
  seconds: number,
  warmUp: number,
): Promise<FoodSearchRow[]> {
  const floorPath = `/floor/${userId}`;
  const floorShape: Shape = { method: 'GET', path: floorPath };
  const calls: [string, Shape, Shape][] = [
    // What any signed-in call costs before its own work: the token read with the user.
    [
      'GET /v0/users/?limit=1 (for comparison)',
      authenticatedGet('/v0/users/?limit=1', token),
      floorShape,
    ],
    // The search with one result: what writing twenty costs shows against the next row.
    [
      'GET /v0/foods/?q=pollo&limit=1 (for comparison)',
      authenticatedGet('/v0/foods/?q=pollo&limit=1', token),
      floorShape,
    ],
    ['GET /v0/foods/?q=pollo', authenticatedGet('/v0/foods/?q=pollo', token), floorShape],
    [
      `GET /v0/foods/?q= typed letter by letter (${TYPED.length} queries)`,
      typedShape('/v0/foods/', { authorization: `Token ${token}` }),
      // The floor is sent the same rotation of requests: building each costs the load tool
      // more than sending one fixed request, on the same two cores.
      typedShape(floorPath),
    ],
  ];
  return inTurnWithFloor(api, bare, calls, seconds, warmUp);
}

/**
 * Each call at 10 connections, in turn with its floor shape sent to `bare`: rounds of equal
 * length, which goes first alternating.
 */
export async function inTurnWithFloor(
  api: string,
  bare: string,
  calls: [string, Shape, Shape][],
  seconds: number,
  warmUp: number,
  cpu?: CpuCounters,
): Promise<FoodSearchRow[]> {
  const rows: FoodSearchRow[] = [];
  const slice = Math.ceil(seconds / FOOD_SEARCH_ROUNDS);
  for (const [label, shape, floor] of calls) {
    process.stdout.write(
      `${label}, ${FOOD_SEARCH_CONNECTIONS} connections, in turn with the floor (${FOOD_SEARCH_ROUNDS} × ${slice} s each)…\n`,
    );
    await load(bare, floor, FOOD_SEARCH_CONNECTIONS, warmUp);
    await load(api, shape, FOOD_SEARCH_CONNECTIONS, warmUp);
    const floorRounds: LoadResult[] = [];
    const callRounds: LoadResult[] = [];
    const spent = { result: { server: 0, database: 0 }, floor: { server: 0, database: 0 } };
    const measured = async (
      counter: (() => Promise<CpuPerRequest>) | undefined,
      into: CpuPerRequest,
      run: () => Promise<LoadResult>,
    ) => {
      const before = await counter?.();
      const result = await run();
      const after = await counter?.();
      if (before && after) {
        into.server += after.server - before.server;
        into.database += after.database - before.database;
      }
      return result;
    };
    for (let round = 0; round < FOOD_SEARCH_ROUNDS; round++) {
      const runFloor = async () => {
        floorRounds.push(
          await measured(cpu?.bare, spent.floor, () =>
            load(bare, floor, FOOD_SEARCH_CONNECTIONS, slice),
          ),
        );
      };
      const runCall = async () => {
        callRounds.push(
          await measured(cpu?.api, spent.result, () =>
            load(api, shape, FOOD_SEARCH_CONNECTIONS, slice),
          ),
        );
      };
      // Which goes first alternates, so that a machine slowing down or speeding up during a
      // round favours neither.
      if (round % 2 === 0) {
        await runFloor();
        await runCall();
      } else {
        await runCall();
        await runFloor();
      }
    }
    const result = combined(callRounds);
    const floorResult = combined(floorRounds);
    const perRequest = (total: CpuPerRequest, run: LoadResult): CpuPerRequest => {
      const requests = Math.max(run.ok + run.failed, 1);
      return { server: total.server / requests, database: total.database / requests };
    };
    rows.push({
      label,
      result,
      floor: floorResult,
      ...(cpu
        ? {
            cpu: {
              result: perRequest(spent.result, result),
              floor: perRequest(spent.floor, floorResult),
            },
          }
        : {}),
    });
  }
  return rows;
}

/**
 * Rounds of equal length as one run: the mean of their req/s, the median of their p50s and
 * the worst of their p99s (a percentile of the whole cannot be had from the rounds' own).
 */
function combined(rounds: LoadResult[]): LoadResult {
  if (rounds.length === 0) throw new Error('no rounds to combine');
  const p50s = rounds.map((round) => round.p50).sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(
      rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds.length,
    ),
    p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99: Math.max(...rounds.map((round) => round.p99)),
    ok: rounds.reduce((sum, round) => sum + round.ok, 0),
    failed: rounds.reduce((sum, round) => sum + round.failed, 0),
    failures: rounds
      .map((round) => round.failures)
      .filter(Boolean)
      .join('; '),
  };
}

export const FOOD_SEARCH_TABLE_HEAD = [
  '| call | req/s | p50 ms | p99 ms | floor req/s | floor p99 ms | ratio to the floor | non-2xx |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];

/** Table rows; a broken budget or a failed request is a problem. */
export function foodSearchRows(rows: FoodSearchRow[], problems: string[]): string[] {
  return rows.map(({ label, result, floor }) => {
    const share =
      floor.requestsPerSecond > 0 ? result.requestsPerSecond / floor.requestsPerSecond : 0;
    const budgeted = !label.endsWith('(for comparison)');
    if (budgeted && share < FOOD_SEARCH_BUDGET.ratio) {
      problems.push(
        `${label}: ${share.toFixed(2)} of the floor's throughput, under its budget of ${FOOD_SEARCH_BUDGET.ratio}`,
      );
    }
    if (budgeted && result.p99 >= FOOD_SEARCH_BUDGET.p99Ms) {
      problems.push(`${label}: p99 ${result.p99} ms, not under ${FOOD_SEARCH_BUDGET.p99Ms} ms`);
    }
    for (const [who, run] of [
      ['server', result],
      ['floor', floor],
    ] as const) {
      if (run.failed > 0) problems.push(`${label}: the ${who} answered ${run.failures}`);
    }
    return `| ${label} | ${result.requestsPerSecond} | ${result.p50} | ${result.p99} | ${floor.requestsPerSecond} | ${floor.p99} | ${share.toFixed(2)} | ${result.failed} |`;
  });
}
