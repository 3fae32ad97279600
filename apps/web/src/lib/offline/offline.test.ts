import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { dehydrate, QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STORAGE_KEYS } from '@forja/shared/constants';
import { ApiError } from '#lib/api-error';
import { createQueryClient } from '#lib/query-client';
import { anUser, failure, holdCalls, installFakeApi, ok } from '#test/fake-api';
import {
  bounded,
  CAUGHT_UP_MESSAGE,
  isKept,
  KEPT_BUSTER,
  KEPT_DAYS,
  KEPT_MAX_AGE_MS,
  offlineWrite,
  QUEUED,
  readAfterWrites,
  startOffline,
  writesWaiting,
} from './offline';
import { deviceOutboxStorage, deviceReadStorage } from './storage';

const shown = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('#components/ui/notifications', () => ({ notify: shown }));

/** The reads as a page keeps them on the device: key, data and when it was read. */
function copyOf(reads: [QueryKey, unknown, number?][], timestamp = Date.now()): PersistedClient {
  const client = new QueryClient();
  for (const [queryKey, data, updatedAt] of reads)
    client.setQueryData(queryKey, data, { updatedAt });
  return bounded({ buster: KEPT_BUSTER, timestamp, clientState: dehydrate(client) });
}

const keptKeys = (copy: unknown) =>
  (copy as PersistedClient).clientState.queries.map((query) => query.queryHash);

const water = (waterMl: number) =>
  offlineWrite(
    {
      method: 'PUT',
      path: '/diary/days/2026-11-28/water/',
      body: { water_ml: waterMl },
      op: 'replace',
      target: 'water:2026-11-28',
      label: 'el agua del día',
      dates: ['2026-11-28'],
    },
    z.object({ water_ml: z.number() }),
  );

const entry = (id: string) =>
  offlineWrite(
    {
      method: 'PUT',
      path: `/diary/entries/${id}/`,
      body: { quantity: 2 },
      op: 'edit',
      target: `entry:${id}`,
      label: '«Leche» en desayuno',
      dates: ['2026-11-28'],
    },
    z.unknown(),
  );

describe('writes made without signal', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  });

  it('wait with their key, go when the signal is back, and a refusal is told in Spanish', async () => {
    const keys: (string | null)[] = [];
    // No signal: every call fails before it reaches the API.
    vi.stubGlobal('fetch', (_input: string, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['users', 'current'], anUser);
    await startOffline(queryClient);

    expect(await water(250)).toBe(QUEUED);
    expect(await entry('gone')).toBe(QUEUED);
    const [waterKey] = keys;
    expect(waterKey).toMatch(/^[0-9a-f-]{36}$/);

    // Back online: the water goes with the key it was made with, the edit of an entry
    // deleted meanwhile is refused and dropped, with what it was.
    installFakeApi({
      'PUT /diary/days/2026-11-28/water/': ok({ date: '2026-11-28', water_ml: 250 }),
      'PUT /diary/entries/gone/': failure(404, 'not found', 'Recurso no encontrado'),
    });
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      return answered(input, init);
    });
    window.dispatchEvent(new Event('online'));

    await vi.waitFor(() => {
      expect(shown.error).toHaveBeenCalledWith(
        'No se ha podido guardar «Leche» en desayuno. Recurso no encontrado.',
      );
    });
    // Sent twice in all (once without signal), with one key; the edit once, with its own.
    expect(keys).toHaveLength(3);
    expect(keys.slice(0, 2)).toEqual([waterKey, waterKey]);
    expect(keys[2]).not.toBe(waterKey);
    await vi.waitFor(() => {
      expect(shown.success).toHaveBeenCalledWith(CAUGHT_UP_MESSAGE);
    });
  });
});

describe('the signal back', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
  });

  it('sends the writes made without it before the screen reads its day again, once', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const queryClient = createQueryClient();
    queryClient.mount();
    queryClient.setQueryData(['users', 'current'], anUser);
    await startOffline(queryClient);
    window.dispatchEvent(new Event('offline'));
    // The diary shows the day; without signal its read fails.
    const day = new QueryObserver(queryClient, {
      queryKey: ['diary', '2026-11-28'],
      queryFn: async () => {
        const answer = await fetch('/v0/diary/days/2026-11-28/').catch(() => {
          throw new ApiError('Sin conexión', { status: 999 });
        });
        return (await answer.json()) as unknown;
      },
    });
    const stopShowing = day.subscribe(() => undefined);
    await vi.waitFor(() => {
      expect(day.getCurrentResult().status).toBe('error');
    });
    expect(await water(500)).toBe(QUEUED);

    const api = installFakeApi({
      'PUT /diary/days/2026-11-28/water/': ok({ date: '2026-11-28', water_ml: 500 }),
      'GET /diary/days/2026-11-28/': ok({ date: '2026-11-28', water_ml: 500 }),
    });
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => {
      expect(day.getCurrentResult().status).toBe('success');
    });
    await vi.waitFor(() => {
      expect(shown.success).toHaveBeenCalledWith(CAUGHT_UP_MESSAGE);
    });
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /diary/days/2026-11-28/water/',
      'GET /diary/days/2026-11-28/',
    ]);
    stopShowing();
    queryClient.unmount();
    vi.restoreAllMocks();
  });
});

describe('a read while writes wait', () => {
  const date = '2026-11-28';
  const dayKey = ['diary', date];
  const dayPath = `/diary/days/${date}/`;
  const waterPath = `/diary/days/${date}/water/`;

  beforeEach(async () => {
    vi.clearAllMocks();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    const outbox = deviceOutboxStorage();
    for (const write of await outbox.all()) await outbox.remove(write.key);
  });

  /** The app's client with the person signed in and the offline code started. */
  async function signedInApp() {
    const queryClient = createQueryClient();
    queryClient.mount();
    queryClient.setQueryData(['users', 'current'], anUser);
    await startOffline(queryClient);
    return queryClient;
  }

  /** The day as a screen shows it, read through `readAfterWrites`; each value it showed. */
  function showDay(queryClient: QueryClient) {
    const day = new QueryObserver(queryClient, {
      queryKey: dayKey,
      queryFn: (context) =>
        readAfterWrites(context, async () => {
          const answer = await fetch(`/v0${dayPath}`);
          return ((await answer.json()) as { data: { water_ml: number } }).data;
        }),
    });
    const shownWater: number[] = [];
    const stop = day.subscribe((result) => {
      if (result.data) shownWater.push(result.data.water_ml);
    });
    return { day, shownWater, stop };
  }

  it('keeps a write from an earlier visit shown while it is sent, then reads the day again and says so', async () => {
    // Left without signal: 500 ml on the device, its write waiting.
    await deviceOutboxStorage().put({
      key: 'key-earlier',
      seq: 1,
      userId: anUser.id,
      method: 'PUT',
      path: waterPath,
      body: { water_ml: 500 },
      op: 'replace',
      target: `water:${date}`,
      label: 'el agua del día',
      dates: [date],
      attempts: 1,
      createdAt: 1,
    });
    await deviceReadStorage().put(copyOf([[dayKey, { water_ml: 500 }, 1]]));
    // Opened again with signal; the API has the water only once the write reaches it.
    const api = installFakeApi({
      [`PUT ${waterPath}`]: ok({ date, water_ml: 500 }),
      [`GET ${dayPath}`]: () =>
        ok({ water_ml: api.callsTo('PUT', waterPath).length > 0 ? 500 : 0 }),
    });
    const write = holdCalls('/water/');
    const queryClient = await signedInApp();
    const { day, shownWater, stop } = showDay(queryClient);

    // The day is read before the write reaches the API: its answer has no water.
    await vi.waitFor(() => {
      expect(api.callsTo('GET', dayPath)).toHaveLength(1);
      expect(day.getCurrentResult().fetchStatus).toBe('idle');
    });
    expect(day.getCurrentResult().data).toEqual({ water_ml: 500 });

    write.release();
    await vi.waitFor(() => {
      expect(api.callsTo('GET', dayPath)).toHaveLength(2);
      expect(day.getCurrentResult().fetchStatus).toBe('idle');
    });
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET ${dayPath}`,
      `PUT ${waterPath}`,
      `GET ${dayPath}`,
    ]);
    expect(shownWater).not.toContain(0);
    expect(day.getCurrentResult().data).toEqual({ water_ml: 500 });
    expect(shown.success).toHaveBeenCalledWith(CAUGHT_UP_MESSAGE);
    stop();
    queryClient.unmount();
  });

  it('takes the answer when the device cannot read its waiting writes', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'getAll').mockImplementation(() => {
      throw new DOMException('The database is broken', 'UnknownError');
    });
    installFakeApi({ [`GET ${dayPath}`]: ok({ water_ml: 250 }) });
    const queryClient = await signedInApp();
    queryClient.setQueryData(dayKey, { water_ml: 0 });
    const { day, stop } = showDay(queryClient);
    await day.refetch();
    expect(day.getCurrentResult().data).toEqual({ water_ml: 250 });
    stop();
    queryClient.unmount();
    vi.restoreAllMocks();
  });

  it('keeps a write the API answers with 5xx shown over a day read meanwhile, until it is taken', async () => {
    let taken = false;
    const api = installFakeApi({
      [`PUT ${waterPath}`]: () =>
        taken ? ok({ date, water_ml: 750 }) : failure(503, 'unavailable', 'Servicio no disponible'),
      [`GET ${dayPath}`]: () => ok({ water_ml: taken ? 750 : 250 }),
    });
    const queryClient = await signedInApp();
    const { day, shownWater, stop } = showDay(queryClient);
    await vi.waitFor(() => {
      expect(day.getCurrentResult().data).toEqual({ water_ml: 250 });
    });

    // Shown at once, as the diary does; the API answers 503 and the write waits.
    queryClient.setQueryData(dayKey, { water_ml: 750 });
    expect(await water(750)).toBe(QUEUED);
    await day.refetch();
    expect(day.getCurrentResult().data).toEqual({ water_ml: 750 });

    taken = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => {
      expect(api.callsTo('GET', dayPath)).toHaveLength(3);
      expect(day.getCurrentResult().fetchStatus).toBe('idle');
    });
    // From the moment it showed, the water never went back to what the API had without it.
    expect(new Set(shownWater.slice(shownWater.indexOf(750)))).toEqual(new Set([750]));
    expect(day.getCurrentResult().data).toEqual({ water_ml: 750 });
    stop();
    queryClient.unmount();
  });
});

describe('writes left from an earlier visit', () => {
  it('count as waiting for a screen read asked before the layer has started', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const storage = deviceOutboxStorage();
    await storage.put({
      key: 'earlier-visit',
      seq: 1,
      userId: anUser.id,
      method: 'PUT',
      path: '/diary/days/2026-11-28/water/',
      body: { water_ml: 250 },
      op: 'replace',
      target: 'water:2026-11-28',
      label: 'el agua del día',
      dates: ['2026-11-28'],
      attempts: 0,
      createdAt: 1,
    });
    // The screen's loader asks first, nobody known yet; the route's start comes after.
    const client = createQueryClient();
    const asked = writesWaiting(client);
    void startOffline(client);
    expect(await asked).toBe(true);
    // Known, the person's own write still waits.
    client.setQueryData(['users', 'current'], anUser);
    expect(await writesWaiting(client)).toBe(true);
    await storage.remove('earlier-visit');
  });
});

describe('a loader’s read without an answer', () => {
  const unanswered = () => Promise.reject(new ApiError('Sin conexión', { status: 999 }));

  it('answers with what the cache holds', async () => {
    const client = createQueryClient();
    await startOffline(client);
    client.setQueryData(['diary', '2026-11-28'], { water_ml: 500 }, { updatedAt: 1 });
    await expect(
      client.query({ queryKey: ['diary', '2026-11-28'], queryFn: unanswered, staleTime: 0 }),
    ).resolves.toEqual({ water_ml: 500 });
  });

  it('answers with it once a try got no answer, and the retry behind it shows the fresh read', async () => {
    const client = createQueryClient();
    await startOffline(client);
    const day = ['diary', '2026-11-27'];
    client.setQueryData(day, { water_ml: 500 }, { updatedAt: 1 });
    let tries = 0;
    const answer = await client.query({
      queryKey: day,
      queryFn: () => {
        tries += 1;
        return tries === 1 ? unanswered() : Promise.resolve({ water_ml: 750 });
      },
      staleTime: 0,
      retry: 1,
      retryDelay: 50,
    });
    // The screen opens with what was kept, before the retry's wait.
    expect(answer).toEqual({ water_ml: 500 });
    expect(tries).toBe(1);
    await vi.waitFor(() => {
      expect(client.getQueryData(day)).toEqual({ water_ml: 750 });
    });
    expect(tries).toBe(2);
  });

  it('still fails with nothing kept, or on a refusal', async () => {
    const client = createQueryClient();
    await startOffline(client);
    await expect(client.query({ queryKey: ['nothing'], queryFn: unanswered })).rejects.toThrow(
      'Sin conexión',
    );
    client.setQueryData(['gone'], { id: 1 }, { updatedAt: 1 });
    await expect(
      client.query({
        queryKey: ['gone'],
        queryFn: () => Promise.reject(new ApiError('Recurso no encontrado', { status: 404 })),
        staleTime: 0,
      }),
    ).rejects.toThrow('Recurso no encontrado');
  });
});

describe('reads kept on the device', () => {
  beforeEach(async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    // The copies the earlier tests' pages were about to write (0.2 s after a change) are
    // written before this test's own.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  const key = ['targets', 'current'];

  it('show while there is no signal, and are read again with signal, however recent', async () => {
    // Kept a second ago; since then the trainer changed the target.
    await deviceReadStorage().put(copyOf([[key, { energy_kcal: 2222 }, Date.now() - 1000]]));
    const client = createQueryClient();
    await startOffline(client);
    expect(client.getQueryData(key)).toEqual({ energy_kcal: 2222 });

    await expect(
      client.query({ queryKey: key, queryFn: () => Promise.resolve({ energy_kcal: 2372 }) }),
    ).resolves.toEqual({ energy_kcal: 2372 });
  });

  it('are not put back when kept in another format or too long ago', async () => {
    const copies = [
      { ...copyOf([[key, { energy_kcal: 2222 }]]), buster: 'forja-0' },
      copyOf([[key, { energy_kcal: 2222 }]], Date.now() - KEPT_MAX_AGE_MS - 1),
    ];
    for (const copy of copies) {
      await deviceReadStorage().put(copy);
      const client = createQueryClient();
      await startOffline(client);
      expect(client.getQueryData(key)).toBeUndefined();
    }
  });

  it('are kept within the task of leaving the page, when a read came in too late for the usual copy', async () => {
    const day = ['diary', '2026-11-27'];
    await deviceReadStorage().put(copyOf([[day, { water_ml: 250 }, 1]]));
    const client = createQueryClient();
    await startOffline(client);
    // The targets answer a moment before the page is left.
    const targets = ['users', anUser.id, 'targets'];
    client.setQueryData(targets, { energy_kcal: 2372 });
    const writes = vi.spyOn(IDBObjectStore.prototype, 'put');
    window.dispatchEvent(new Event('pagehide'));
    // Written before the page gets another task: it may get none.
    const written = writes.mock.calls
      .map(([value]) => value as Partial<PersistedClient>)
      .flatMap((value) => (value.clientState ? [keptKeys(value)] : []));
    writes.mockRestore();
    expect(written).toContainEqual(
      expect.arrayContaining([JSON.stringify(targets), JSON.stringify(day)]),
    );

    const kept = (await deviceReadStorage().get()) as PersistedClient;
    expect(keptKeys(kept)).toEqual(
      expect.arrayContaining([JSON.stringify(targets), JSON.stringify(day)]),
    );
    expect(
      kept.clientState.queries.find((query) => query.queryHash === JSON.stringify(targets))?.state
        .data,
    ).toEqual({ energy_kcal: 2372 });
  });

  it('stay in the cache as long as the copy lasts, so a day let go of is still kept', async () => {
    const client = createQueryClient();
    await startOffline(client);
    client.setQueryData(['diary', '2026-11-27'], { water_ml: 250 });
    client.setQueryData(['trainer', 'clients'], []);
    const gcTime = (queryKey: QueryKey) => client.getQueryCache().find({ queryKey })?.gcTime;
    expect(gcTime(['diary', '2026-11-27'])).toBe(KEPT_MAX_AGE_MS);
    expect(gcTime(['trainer', 'clients'])).toBe(5 * 60_000);
  });
});

describe('what of the reads the device keeps', () => {
  it('keeps the person’s own data, the metrics included, and not the trainer’s or messages', () => {
    const copy = copyOf(
      [
        ['users', 'current'],
        ['diary', '2026-11-28'],
        ['diary', '2026-11-28', 'comments'],
        ['foods', 'search', ''],
        ['foods', 'search', 'pollo'],
        ['exercises'],
        ['metrics', 1],
        ['metrics', 12],
        ['metrics', 'expenditure'],
        ['training-plan', '2026-11-28'],
        ['messages', 'conversation'],
        ['comments', '2026-11-28'],
        ['trainer', 'clients'],
      ].map((queryKey) => [queryKey, {}]),
    );
    const kept = copy.clientState.queries.filter((query) => isKept(query));
    expect(kept.map((query) => query.queryHash)).toEqual([
      '["users","current"]',
      '["diary","2026-11-28"]',
      '["foods","search",""]',
      '["exercises"]',
      '["metrics",1]',
      '["metrics",12]',
      '["metrics","expenditure"]',
      '["training-plan","2026-11-28"]',
    ]);
  });

  it('keeps the most recently read days within their bound, as out of date', () => {
    const days = Array.from({ length: KEPT_DAYS + 3 }, (_, index): [QueryKey, unknown, number] => [
      ['diary', `2026-11-${String(index + 1).padStart(2, '0')}`],
      {},
      index + 1,
    ]);
    const kept = bounded(copyOf([...days, [['users', 'current'], anUser, 1]]));
    expect(keptKeys(kept)).toHaveLength(KEPT_DAYS + 1);
    expect(keptKeys(kept)).not.toContain('["diary","2026-11-01"]');
    expect(keptKeys(kept)).toContain(`["diary","2026-11-${String(KEPT_DAYS + 3)}"]`);
    expect(kept.clientState.queries.every((query) => query.state.isInvalidated)).toBe(true);
  });
});
