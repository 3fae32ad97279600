import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import {
  hashKey,
  type Query,
  type QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { HTTP_MESSAGES, NETWORK_ERROR_STATUS } from '@forja/shared/errors';
import { notify } from '#components/ui/notifications';
import { ApiError, errorMessage } from '#lib/api-error';
import { http } from '#lib/http';
import { isTodayQuery } from '#lib/query-keys';
import { getAccessToken } from '#lib/session';
import {
  createOutbox,
  MAX_OUTBOX_WRITES,
  type NewWrite,
  type Outbox,
  type OutboxWrite,
} from './outbox';
import {
  deviceFoodStorage,
  deviceOutboxStorage,
  deviceReadStorage,
  type ReadStorage,
} from './storage';

/*
 * The app's side of working without signal (decision 077): the outbox of the trainee's
 * writes, the reads kept on the device, and what the screens show of both. Loaded only
 * behind the login.
 */

/**
 * Said once writes that had waited are all sent: for the signal, for a server that failed, or
 * from an earlier visit.
 */
export const CAUGHT_UP_MESSAGE = 'Se han guardado los cambios pendientes';

/** Said when a write would pass the outbox's bound; nothing is kept or shown. */
export const OUTBOX_FULL_MESSAGE = `Tienes ${String(MAX_OUTBOX_WRITES)} cambios sin enviar: vuelve a tener conexión para guardarlos antes de anotar más`;
const REFUSED_FALLBACK = 'El servidor no lo aceptó.';

interface Offline {
  queryClient: QueryClient;
  outbox: Outbox;
  /** Keeps the reads now, the changes shown ahead of the API included. */
  keepNow: () => Promise<void>;
}

let offline: Offline | null = null;
/** The start under way or done, for its query client: every caller waits for the whole of it. */
let starting: { queryClient: QueryClient; done: Promise<Offline> } | null = null;
let pending: readonly OutboxWrite[] = [];
const listeners = new Set<() => void>();
/** Reads whose answer was set aside while writes waited (`readAfterWrites`), by hash. */
const putOff = new Map<string, QueryKey>();

function currentUserId(queryClient: QueryClient): string | null {
  if (!getAccessToken()) return null;
  // Every screen that writes sits behind the guard that reads the person first.
  return queryClient.getQueryData<{ id: string }>(['users', 'current'])?.id ?? 'signed-in';
}

/**
 * The diary days a write touched, and what is computed from them, are read again. A read of
 * them already under way goes on: made while the write waited, it is read again anyway
 * (`readAfterWrites`).
 */
async function refreshDays(queryClient: QueryClient, dates: readonly string[]) {
  const goOn = { cancelRefetch: false };
  await Promise.all([
    ...[...new Set(dates)].map((date) =>
      queryClient.invalidateQueries({ queryKey: ['diary', date] }, goOn),
    ),
    queryClient.invalidateQueries({ queryKey: ['metrics'] }, goOn),
    queryClient.invalidateQueries({ queryKey: ['foods'] }),
    queryClient.invalidateQueries({ predicate: isTodayQuery }, goOn),
  ]);
}

/**
 * Starts the outbox and the kept reads for this page (once): what the device kept is put
 * back in the query cache before the first screen reads it, and the writes left from an
 * earlier visit are sent. A call made while the start is under way waits for all of it, so
 * no read takes the layer for started before the device's copy is back.
 */
export function startOffline(queryClient: QueryClient): Promise<Offline> {
  if (starting?.queryClient !== queryClient) {
    const done = start(queryClient);
    starting = { queryClient, done };
    // A start that failed is tried again by the next caller.
    done.catch(() => {
      if (starting?.done === done) starting = null;
    });
  }
  return starting.done;
}

async function start(queryClient: QueryClient): Promise<Offline> {
  const outbox = createOutbox({
    storage: deviceOutboxStorage(),
    currentUser: () => currentUserId(queryClient),
    statusOf: (error) =>
      error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS ? error.status : undefined,
    send: (write) =>
      http[write.method === 'DELETE' ? 'delete' : (write.method.toLowerCase() as 'post')](
        write.path,
        {
          // Each write's caller reads the answer with its own schema.
          schema: z.unknown(),
          ...(write.body === undefined ? {} : { body: write.body }),
          idempotencyKey: write.key,
        },
      ),
    onChange: (now) => {
      pending = now;
      for (const listener of listeners) listener();
      if (now.length === 0) readAgainPutOff(queryClient);
    },
    onRefused: (write, error) => {
      const reason = errorMessage(error, REFUSED_FALLBACK);
      notify.error(
        `No se ha podido guardar ${write.label}. ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`,
      );
      void refreshDays(queryClient, write.dates);
    },
    onCaughtUp: (sent) => {
      notify.success(CAUGHT_UP_MESSAGE);
      void refreshDays(
        queryClient,
        sent.flatMap((write) => write.dates),
      );
    },
  });
  answerWithKeptReads(queryClient);
  const started: Offline = { queryClient, outbox, keepNow: () => Promise.resolve() };
  offline = started;
  started.keepNow = await keepReads(queryClient, deviceReadStorage(), outbox);
  window.addEventListener('online', () => {
    // The writes made without signal go first; then what the screen shows and is out of date
    // (failed, or put back from the device) is read again. Read before the writes were sent, a
    // day would hide them for a moment. A read already under way is not asked twice.
    void outbox
      .drain()
      .catch(() => undefined)
      .finally(() =>
        queryClient.refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false }),
      );
  });
  // The writes left from an earlier visit go once the person is known.
  void outbox.drain().catch(() => undefined);
  return started;
}

/**
 * Reads what the person's writes show on ahead of the API: a diary day, today's summary, the
 * metrics, the planned session. While a write waits (in flight, or for the network), the API's
 * answer lacks it and would hide it, so what the screen shows, the write included, stands
 * instead; the read is made again once no write waits. A screen that shows nothing yet takes
 * the answer meanwhile.
 */
export async function readAfterWrites<T>(
  { client, queryKey }: Pick<QueryFunctionContext, 'client' | 'queryKey'>,
  read: () => Promise<T>,
): Promise<T> {
  // A read made while the layer starts waits for it: the writes of an earlier visit count.
  if (starting?.queryClient === client) await starting.done.catch(() => undefined);
  if (offline?.queryClient !== client) return read();
  const [waitingBefore, answer] = await Promise.all([
    // A device that cannot store writes has none waiting: the answer stands.
    offline.outbox.pending().catch(() => []),
    read(),
  ]);
  if (waitingBefore.length === 0 && pending.length === 0) return answer;
  putOff.set(hashKey(queryKey), queryKey);
  // Sent meanwhile: this read may have reached the API before the write did.
  if (pending.length === 0) {
    setTimeout(() => {
      readAgainPutOff(client);
    }, 0);
  }
  return client.getQueryData<T>(queryKey) ?? answer;
}

/**
 * Whether a write of the person's waits (in flight, or for the network): a read made now may
 * lack it, and what the screens show with it stands until it is sent (`readAfterWrites`).
 * It starts the layer, or waits for its start, before it answers: the writes left from an
 * earlier visit are on the device before anything says so. Until the person is known, any
 * write stored counts.
 */
export async function writesWaiting(queryClient: QueryClient): Promise<boolean> {
  const layer = await startOffline(queryClient).catch(() => null);
  if (!layer) return false;
  if (pending.length > 0) return true;
  const user = queryClient.getQueryData<{ id: string }>(['users', 'current'])?.id;
  const stored = await layer.outbox.stored().catch(() => []);
  return stored.some((write) => user === undefined || write.userId === user);
}

/** The reads set aside while writes waited, made again (those the screens show). */
function readAgainPutOff(queryClient: QueryClient): void {
  for (const [hash, queryKey] of putOff) {
    putOff.delete(hash);
    // A read already under way is not asked twice: it is made again when it ends, if needed.
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  }
}

/**
 * No answer (the network error's status, 999), or a server that could not give one: what
 * was read before still stands.
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500;
}

/**
 * The route loaders read with `query`: without signal, a read kept from before is the
 * answer, so a screen opens with what the device has instead of an error. It is the answer
 * as soon as one try of the read got none: the retry goes on behind the screen (and shows
 * its answer if it gets one) rather than holding the screen for its wait, which it would
 * whenever the device takes itself for online with no signal to use. Queries are tried even
 * when the device says it is offline (they fail at once, and what was kept is shown) instead
 * of waiting for the network. Set here, behind the login, so the login page's first file
 * does not carry it.
 */
function answerWithKeptReads(queryClient: QueryClient): void {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    // Reading again once the signal is back is done here, after the outbox (`startOffline`):
    // the query library would read at once, and not at all on a page opened without signal
    // (it takes every page as online when it starts).
    queries: { ...defaults.queries, networkMode: 'offlineFirst', refetchOnReconnect: false },
  });
  const query = queryClient.query.bind(queryClient);
  queryClient.query = (async (options: Parameters<QueryClient['query']>[0]) => {
    const held = (): { answer: unknown } | undefined => {
      const data: unknown = queryClient.getQueryData(options.queryKey);
      return data === undefined
        ? undefined
        : { answer: options.select ? options.select(data) : data };
    };
    const hash = hashKey(options.queryKey);
    let stopWatching = () => {};
    const unansweredOnce = new Promise<unknown>((resolve) => {
      stopWatching = queryClient.getQueryCache().subscribe(({ query: changed }) => {
        const reason: unknown = changed.state.fetchFailureReason;
        const failed = changed.queryHash === hash && changed.state.fetchFailureCount > 0;
        const kept = failed && isUnanswered(reason) ? held() : undefined;
        if (kept) resolve(kept.answer);
      });
    });
    try {
      return await Promise.race([query(options), unansweredOnce]);
    } catch (error) {
      const kept = held();
      if (!isUnanswered(error) || !kept) throw error;
      return kept.answer;
    } finally {
      stopWatching();
    }
  }) as QueryClient['query'];
}

/** What a write answers when it waits for the network: it shows, and goes later. */
export const QUEUED = Symbol('queued');
export type Written<T> = T | typeof QUEUED;

/**
 * Makes a write through the outbox: stored first, sent in order with its key. Resolves with
 * the API's answer when it went at once, `QUEUED` when it waits for the network (or was
 * folded into a write still waiting); throws the refusal when the API refused it.
 */
export async function offlineWrite<T>(
  write: Omit<NewWrite, 'userId'>,
  schema: z.ZodType<T>,
): Promise<Written<T>> {
  if (!offline) throw new Error('startOffline() must run before a write');
  const { outbox, queryClient, keepNow } = offline;
  const userId = currentUserId(queryClient);
  if (!userId) throw new ApiError(HTTP_MESSAGES[401], { status: 401 });
  // The day as shown is kept before the write: a reload right after finds both.
  await keepNow().catch(() => undefined);
  const settled = await outbox.submit({ ...write, userId });
  if (settled.state === 'refused') throw settled.error;
  if (settled.state === 'full') throw new ApiError(OUTBOX_FULL_MESSAGE, { status: 0 });
  if (settled.state === 'sent') return schema.parse(settled.data);
  return QUEUED;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The targets ("entry:<id>", "water:<date>"…) with a write not sent yet. */
export function usePendingTargets(): ReadonlySet<string> {
  const writes = useSyncExternalStore(subscribe, () => pending);
  return new Set(writes.flatMap((write) => [write.target, ...(write.marks ?? [])]));
}

// The reads kept on the device, through the query library's persister.

/**
 * The first part of the keys kept: the person's own data, not the trainer's or messages.
 * `metrics` holds one read per period of the metrics screen and the expenditure: a fixed few.
 */
const KEPT = new Set([
  'users',
  'diary',
  'foods',
  'exercises',
  'subscriptions',
  'training-plan',
  'metrics',
]);
/** At most this many diary days (and planned sessions), the most recently read. */
export const KEPT_DAYS = 14;
/**
 * A copy older than this is not put back; the reads kept stay this long in the cache too, so
 * a day the page has let go of is still in the next copy.
 */
export const KEPT_MAX_AGE_MS = 14 * 24 * 60 * 60_000;
/**
 * The kept copy's format: a copy of another format is not put back. Raise it when a kept
 * read's shape changes in a way an older copy would break; a new build of the app keeps the
 * copy, so the app still opens without signal right after it updates.
 */
export const KEPT_BUSTER = 'forja-1';
/** Soon after a change: a reload right after a write must find it. */
const SAVE_DELAY_MS = 200;

/** Whether a read is worth keeping: the person's own, with data; not a search with words. */
export function isKept({ queryKey, state }: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (state.data === undefined || !KEPT.has(String(queryKey[0]))) return false;
  if (queryKey[0] === 'foods' && queryKey[1] === 'search') return !queryKey[2];
  return !(queryKey[0] === 'diary' && queryKey.length > 2);
}

/**
 * The copy within its bounds. What is put back counts as out of date, however recent: with
 * signal the screens read it again (the trainer may have changed a target since); without,
 * the read fails and this is what they show. A read that failed since still holds its data.
 */
export function bounded(copy: PersistedClient): PersistedClient {
  const { queries } = copy.clientState;
  const beyondBound = (first: string) =>
    queries
      .filter((query) => query.queryKey[0] === first)
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(KEPT_DAYS);
  const dropped = new Set([...beyondBound('diary'), ...beyondBound('training-plan')]);
  const state = { status: 'success', error: null, fetchFailureReason: null, isInvalidated: true };
  return {
    ...copy,
    clientState: {
      mutations: [],
      queries: queries
        .filter((query) => !dropped.has(query))
        .map((query) => ({ ...query, state: { ...query.state, ...state } as typeof query.state })),
    },
  };
}

/**
 * Puts back what the device kept, then keeps the reads soon after they change, and at once
 * when the page is left (a reload, a link out, the app closed) with a change not yet kept.
 * Answers the keep, to run it now.
 */
async function keepReads(
  queryClient: QueryClient,
  reads: ReadStorage,
  outbox: Outbox,
): Promise<() => Promise<void>> {
  let latest: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (!getAccessToken()) {
      // Signed out: nothing of the person stays on the device.
      await Promise.all([reads.clear(), outbox.clear(), deviceFoodStorage().clear()]);
    } else if (latest) await reads.put(bounded(latest));
  };
  const persister: Persister = {
    persistClient: (copy) => {
      latest = copy;
      timer ??= setTimeout(() => void save().catch(() => undefined), SAVE_DELAY_MS);
    },
    restoreClient: async () => (await reads.get()) as PersistedClient | undefined,
    removeClient: () => reads.clear(),
  };
  for (const first of KEPT) queryClient.setQueryDefaults([first], { gcTime: KEPT_MAX_AGE_MS });
  const options = { queryClient, persister, buster: KEPT_BUSTER };
  if (getAccessToken()) {
    // A copy that cannot be read is no copy (the persister drops it).
    await persistQueryClientRestore({ ...options, maxAge: KEPT_MAX_AGE_MS }).catch(() => undefined);
  }
  persistQueryClientSubscribe({
    ...options,
    dehydrateOptions: { shouldDehydrateQuery: isKept, shouldDehydrateMutation: () => false },
  });
  // The page may get no task after this one: the copy is written and committed within it.
  window.addEventListener('pagehide', () => {
    if (timer === undefined) return;
    if (!getAccessToken() || !latest) {
      void save().catch(() => undefined);
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    reads.putAtOnce(bounded(latest));
  });
  return save;
}
