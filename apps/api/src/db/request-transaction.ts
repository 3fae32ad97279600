import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

/**
 * One request's transaction (decision 067): while a write sent with an `Idempotency-Key`
 * runs its handler, every query of the process's database handle made on its behalf goes to
 * this transaction, so the write's effect and the stored answer commit together.
 */
interface Bound {
  tx: Db;
  /** False once the handler has finished: work it left running goes back to the pool. */
  open: boolean;
  /** Nested transactions (savepoints) started side by side run one after another. */
  queue: Promise<unknown>;
}

const storage = new AsyncLocalStorage<Bound>();

/** Runs `work` with the database handle bound to `tx`. */
export async function runInRequestTransaction<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  const bound: Bound = { tx, open: true, queue: Promise.resolve() };
  try {
    return await storage.run(bound, work);
  } finally {
    bound.open = false;
  }
}

/** Whether the caller runs inside a request's transaction. */
export function inRequestTransaction(): boolean {
  return storage.getStore()?.open === true;
}

/**
 * A nested transaction on the request's connection. One connection runs one statement at a
 * time, and a savepoint opened while a sibling's is still open would nest inside it: the
 * handler's transactions started at once (Promise.all) take turns instead. Inside each, the
 * handle is bound to that savepoint, so what it nests goes on its own turn.
 */
function queuedTransaction(bound: Bound): Db['transaction'] {
  return (work, config) => {
    const run = bound.queue.then(() =>
      bound.tx.transaction(
        (inner) => runInRequestTransaction(inner as unknown as Db, () => work(inner)),
        config,
      ),
    );
    bound.queue = run.catch(() => undefined);
    return run;
  };
}

/**
 * The process's database handle: `base` everywhere, but the request's transaction inside a
 * handler that runs in one. Everything that holds the handle (services, the object store,
 * payments) follows without being told.
 */
export function requestBound(base: Db): Db {
  return new Proxy(base, {
    get(target, property) {
      const bound = storage.getStore();
      if (!bound?.open) {
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      }
      if (property === 'transaction') return queuedTransaction(bound);
      const value: unknown = Reflect.get(bound.tx, property, bound.tx);
      return typeof value === 'function' ? (value as () => unknown).bind(bound.tx) : value;
    },
  });
}
