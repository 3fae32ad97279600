/*
 * The trainee's writes, kept until the API has them (decision 077). Each write is stored
 * before it is sent, with the Idempotency-Key chosen when it was made, and the queue is sent
 * in order, one write at a time: a retry sends the same key, so the API applies it once even
 * when an answer was lost on the way back.
 *
 * - A 2xx answer removes the write.
 * - A refusal (4xx) removes it too and reports it: retrying cannot change a refusal. A 404
 *   to a deletion is what the deletion wanted, and counts as sent.
 * - No answer, a 5xx, a 408 or a 429 keeps it, and the queue stops there (a later write may
 *   depend on it) and tries again after a growing wait.
 *
 * While a write has never been tried it can still be folded with a later one about the same
 * thing: an edit's fields go into the pending creation or edit (the later value of each
 * field wins), a deletion takes away the pending edits (and a creation nobody has seen yet,
 * and itself with it), and a new value of a whole thing (the day's water) replaces the
 * pending one.
 */

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The most writes kept waiting for one person: days of logging without signal fit many
 * times over, and a device that never gets signal back stops storing before it fills.
 */
export const MAX_OUTBOX_WRITES = 500;

/**
 * What a write does to its `target`, for the folding above: `create` and `edit` (fields),
 * `delete`, `replace` (a whole value: water, notes, a day's weight), `other` (never folded).
 */
export type WriteOp = 'create' | 'edit' | 'delete' | 'replace' | 'other';

export interface OutboxWrite {
  /** The Idempotency-Key, fixed when the write is made. */
  key: string;
  /** Its place in the queue. */
  seq: number;
  /** Whose write it is: only the signed-in person's writes are sent. */
  userId: string;
  method: WriteMethod;
  path: string;
  body?: Record<string, unknown> | undefined;
  op: WriteOp;
  /** What it is about ("entry:<id>", "water:<date>"); the pending marks read it. */
  target: string;
  /**
   * What else shows as pending while it waits, never folded: the entries a copy makes
   * (`entry:<id>` of each copy).
   */
  marks?: string[] | undefined;
  /** What the person is told when it cannot be applied: «la comida «Pan» en Desayuno». */
  label: string;
  /** The diary days it touches, refreshed once it is sent. */
  dates: string[];
  /** How many times it was sent without an answer that settles it. */
  attempts: number;
  createdAt: number;
}

export type NewWrite = Omit<OutboxWrite, 'key' | 'seq' | 'attempts' | 'createdAt'>;

export interface OutboxStorage {
  all(): Promise<OutboxWrite[]>;
  put(write: OutboxWrite): Promise<void>;
  remove(key: string): Promise<void>;
}

/** An answer that settles a write: sent, or refused. Anything else is thrown as it came. */
export interface SendFailure {
  status: number;
  message: string;
}

export type Settled =
  | { state: 'sent'; data: unknown }
  | { state: 'refused'; error: unknown }
  /** Not sent yet: it waits in the queue and goes when the network allows. */
  | { state: 'queued' }
  /** Folded into an earlier pending write, or cancelled with it: nothing of its own to send. */
  | { state: 'folded' }
  /** Not kept: `MAX_OUTBOX_WRITES` of this person's writes are waiting already. */
  | { state: 'full' };

export interface OutboxOptions {
  storage: OutboxStorage;
  /** Sends one write with its key; resolves with the answer's data or throws its error. */
  send: (write: OutboxWrite) => Promise<unknown>;
  /** The status of a thrown error: a number for an answer, undefined for no answer. */
  statusOf: (error: unknown) => number | undefined;
  /** Who is signed in now; null sends nothing. */
  currentUser: () => string | null;
  newKey?: () => string;
  now?: () => number;
  schedule?: (run: () => void, ms: number) => unknown;
  /** Called when the queue changes: what is still pending. */
  onChange?: (pending: readonly OutboxWrite[]) => void;
  /** Called when a write is refused and dropped. */
  onRefused?: (write: OutboxWrite, error: unknown) => void;
  /**
   * Called when writes that had waited (for the network, or from an earlier visit) have all
   * been sent.
   */
  onCaughtUp?: (sent: readonly OutboxWrite[]) => void;
  /** Called with each write the API applied. */
  onSent?: (write: OutboxWrite, data: unknown) => void;
}

/** Waits before the next try after the n-th failure: 1 s, 2 s, 4 s… up to a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

function isRetryable(status: number | undefined): boolean {
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

export function createOutbox(options: OutboxOptions) {
  const now = options.now ?? (() => Date.now());
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  const schedule = options.schedule ?? ((run, ms) => setTimeout(run, ms));
  let queue: OutboxWrite[] = [];
  let loaded: Promise<void> | null = null;
  let draining: Promise<void> | null = null;
  let retryTimer = false;
  /**
   * Writes sent after they had waited (for the network, or for a later visit: the page they
   * were made on was left first); reported once the queue empties.
   */
  let delayed: OutboxWrite[] = [];
  let waitedForNetwork = false;
  /** The keys of the writes found stored when the page started. */
  let fromEarlierVisit = new Set<string>();
  const waiters = new Map<string, (settled: Settled) => void>();
  let inFlight: OutboxWrite | null = null;
  let lastSeq = 0;

  function load(): Promise<void> {
    loaded ??= options.storage.all().then((stored) => {
      fromEarlierVisit = new Set(stored.map((write) => write.key));
      queue = [...stored, ...queue].sort((a, b) => a.seq - b.seq);
      changed();
    });
    return loaded;
  }

  function changed() {
    options.onChange?.(queue.filter((write) => write.userId === options.currentUser()));
  }

  function settle(key: string, settled: Settled) {
    waiters.get(key)?.(settled);
    waiters.delete(key);
  }

  async function drop(write: OutboxWrite) {
    queue = queue.filter((queued) => queued.key !== write.key);
    await options.storage.remove(write.key);
  }

  /** Folds `write` into what is pending; true when nothing of its own needs sending. */
  async function fold(write: OutboxWrite): Promise<boolean> {
    const untried = queue.filter(
      (queued) => queued.target === write.target && queued.attempts === 0 && queued !== inFlight,
    );
    if (write.op === 'delete') {
      for (const queued of untried) {
        if (queued.op !== 'delete' && queued.op !== 'other') {
          await drop(queued);
          settle(queued.key, { state: 'folded' });
        }
      }
      // Created and deleted before the API saw either: nothing to send at all.
      return untried.some((queued) => queued.op === 'create');
    }
    const deleting = queue.some(
      (queued) => queued.target === write.target && queued.op === 'delete',
    );
    if (write.op === 'edit' && deleting) return true;
    const into = untried.findLast((queued) =>
      write.op === 'edit'
        ? queued.op === 'create' || queued.op === 'edit'
        : write.op === 'replace' && queued.op === 'replace',
    );
    if (!into) return false;
    const merged: OutboxWrite = {
      ...into,
      body: write.op === 'edit' ? { ...into.body, ...write.body } : write.body,
      label: write.op === 'replace' ? write.label : into.label,
    };
    queue = queue.map((queued) => (queued.key === into.key ? merged : queued));
    await options.storage.put(merged);
    return true;
  }

  /**
   * Stores a write and sends the queue. Resolves once this write is settled, or as soon as
   * it has to wait for the network.
   */
  async function submit(newWrite: NewWrite): Promise<Settled> {
    await load();
    const seq = Math.max(now(), lastSeq + 1, ...queue.map((queued) => queued.seq + 1));
    lastSeq = seq;
    const write: OutboxWrite = { ...newWrite, key: newKey(), seq, attempts: 0, createdAt: now() };
    if (await fold(write)) {
      changed();
      return { state: 'folded' };
    }
    const waiting = queue.filter((queued) => queued.userId === write.userId).length;
    if (waiting >= MAX_OUTBOX_WRITES) return { state: 'full' };
    const result = new Promise<Settled>((resolve) => {
      waiters.set(write.key, resolve);
    });
    await options.storage.put(write);
    queue.push(write);
    changed();
    // While the queue waits for the network it goes on its own (the wait, `online`, a load).
    if (waitedForNetwork || write.userId !== options.currentUser()) {
      settle(write.key, { state: 'queued' });
    } else {
      void drain();
    }
    return result;
  }

  /** Sends the queue in order until it is empty or a write has to wait. */
  function drain(): Promise<void> {
    draining ??= load()
      .then(sendAll)
      .finally(() => {
        draining = null;
      });
    return draining;
  }

  async function sendAll(): Promise<void> {
    for (;;) {
      const user = options.currentUser();
      const write = queue.find((queued) => queued.userId === user);
      if (!user || !write) break;
      inFlight = write;
      let outcome: 'sent' | 'refused' | 'wait';
      try {
        const data = await options.send(write);
        outcome = 'sent';
        await drop(write);
        if (waited(write)) delayed.push(write);
        options.onSent?.(write, data);
        settle(write.key, { state: 'sent', data });
      } catch (error) {
        const status = options.statusOf(error);
        if (write.op === 'delete' && status === 404) {
          outcome = 'sent';
          await drop(write);
          if (waited(write)) delayed.push(write);
          options.onSent?.(write, undefined);
          settle(write.key, { state: 'sent', data: undefined });
        } else if (status === 401 || isRetryable(status)) {
          // No answer, or no session to send it with: it waits, with its key.
          outcome = 'wait';
          const retried: OutboxWrite = { ...write, attempts: write.attempts + 1 };
          queue = queue.map((queued) => (queued.key === write.key ? retried : queued));
          await options.storage.put(retried);
          if (status !== 401) retryLater(retried.attempts);
        } else {
          outcome = 'refused';
          await drop(write);
          options.onRefused?.(write, error);
          settle(write.key, { state: 'refused', error });
        }
      } finally {
        inFlight = null;
      }
      changed();
      if (outcome === 'wait') {
        waitedForNetwork = true;
        // Whoever waits on these writes hears that they will go later.
        for (const queued of queue) settle(queued.key, { state: 'queued' });
        return;
      }
    }
    if (delayed.length > 0) options.onCaughtUp?.(delayed);
    waitedForNetwork = false;
    delayed = [];
  }

  /** Whether a write just sent had waited (its key leaves the earlier visit's). */
  function waited(write: OutboxWrite): boolean {
    const earlier = fromEarlierVisit.delete(write.key);
    return earlier || waitedForNetwork;
  }

  function retryLater(attempts: number) {
    if (retryTimer) return;
    retryTimer = true;
    schedule(() => {
      retryTimer = false;
      void drain();
    }, backoffMs(attempts));
  }

  /** Forgets every write (a logout): nothing of one person is sent with another's session. */
  async function clear(): Promise<void> {
    await load();
    for (const write of queue) {
      await options.storage.remove(write.key);
      settle(write.key, { state: 'folded' });
    }
    queue = [];
    changed();
  }

  return {
    submit,
    drain,
    clear,
    /** Every write not sent yet, whoever made it, in order. */
    stored: async () => {
      await load();
      return [...queue];
    },
    /** The signed-in person's writes not sent yet, in order. */
    pending: async () => {
      await load();
      return queue.filter((write) => write.userId === options.currentUser());
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
