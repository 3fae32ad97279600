import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TableFood } from '@forja/shared/schemas/food-table';
import type { Food } from '@forja/shared/schemas/foods';
import type { Allergen } from '@forja/shared/allergens';
import type { OutboxStorage, OutboxWrite } from './outbox';

/*
 * The device's copy: the outbox of writes, the saved reads and the foods kept to search
 * without signal (decision 081), in one IndexedDB database.
 * Where the browser has no IndexedDB (or refuses it, as some private modes do) both live in
 * memory: the app works, and keeps nothing across a reload.
 */

export const DATABASE_NAME = 'forja-offline';

interface OfflineSchema extends DBSchema {
  outbox: { key: string; value: OutboxWrite };
  /** The saved reads ('last'): the query cache as its persister dehydrates it. */
  reads: { key: string; value: unknown };
  /** The shipped food table ('table') and the person's foods and allergies ('person'). */
  foods: { key: string; value: KeptTable | KeptPerson };
}

/**
 * The shape of what the `foods` store holds: a copy written in another shape is no copy
 * (read as absent, and replaced at the next keep).
 */
export const KEPT_FOODS_FORMAT = 1;

/** The shipped food table as `GET /v0/foods/table/` gave it, with that answer's tag. */
export interface KeptTable {
  format: typeof KEPT_FOODS_FORMAT;
  etag: string | null;
  savedAt: number;
  foods: TableFood[];
}

/** What the search needs of the person, as the API's answers gave it. */
export interface KeptPerson {
  format: typeof KEPT_FOODS_FORMAT;
  userId: string;
  savedAt: number;
  /** `GET /v0/foods/?limit=50`: favourites, then the latest used first. */
  favouritesAndRecents: Food[];
  /** Their own foods met in answers, by id; at most `MAX_OWN_FOODS`. */
  own: Food[];
  /** The eating step's allergies; null when not answered. */
  eating: { allergies: Allergen[]; other_allergies: string } | null;
}

export interface FoodStorage {
  table(): Promise<KeptTable | undefined>;
  person(): Promise<KeptPerson | undefined>;
  put(kept: KeptTable | KeptPerson): Promise<void>;
  clear(): Promise<void>;
}

export interface ReadStorage {
  get(): Promise<unknown>;
  put(copy: unknown): Promise<void>;
  /**
   * Writes within the calling task and commits at once, without waiting for anything: for the
   * page being left, whose later tasks may never run.
   */
  putAtOnce(copy: unknown): void;
  clear(): Promise<void>;
}

let database: Promise<IDBPDatabase<OfflineSchema> | null> | null = null;
/** The database once open, for the writes that cannot wait for a promise. */
let opened: IDBPDatabase<OfflineSchema> | null = null;

function open(): Promise<IDBPDatabase<OfflineSchema> | null> {
  database ??= (
    typeof indexedDB === 'undefined'
      ? Promise.resolve(null)
      : openDB<OfflineSchema>(DATABASE_NAME, 2, {
          upgrade(db, oldVersion) {
            if (oldVersion < 1) {
              db.createObjectStore('outbox', { keyPath: 'key' });
              db.createObjectStore('reads');
            }
            if (oldVersion < 2) db.createObjectStore('foods');
          },
          // A newer page (after an update) needs the database: this one lets it go and opens
          // it again at its next use.
          blocking(_current, _next, event) {
            (event.target as IDBDatabase | null)?.close();
            database = null;
            opened = null;
          },
        }).then((db) => (opened = db))
  ).catch(() => null);
  return database;
}

export function memoryOutboxStorage(): OutboxStorage {
  const writes = new Map<string, OutboxWrite>();
  return {
    all: () => Promise.resolve([...writes.values()]),
    put: (write) => {
      writes.set(write.key, write);
      return Promise.resolve();
    },
    remove: (key) => {
      writes.delete(key);
      return Promise.resolve();
    },
  };
}

export function deviceOutboxStorage(): OutboxStorage {
  const memory = memoryOutboxStorage();
  return {
    all: async () => (await (await open())?.getAll('outbox')) ?? memory.all(),
    put: async (write) => {
      const db = await open();
      await (db ? db.put('outbox', write) : memory.put(write));
    },
    remove: async (key) => {
      const db = await open();
      await (db ? db.delete('outbox', key) : memory.remove(key));
    },
  };
}

export function deviceReadStorage(): ReadStorage {
  let memory: unknown;
  return {
    get: async () => {
      const db = await open();
      return db ? db.get('reads', 'last') : memory;
    },
    put: async (copy) => {
      const db = await open();
      if (db) await db.put('reads', copy, 'last');
      else memory = copy;
    },
    putAtOnce: (copy) => {
      if (!opened) {
        memory = copy;
        return;
      }
      const transaction = opened.transaction('reads', 'readwrite');
      transaction.store.put(copy, 'last').catch(() => undefined);
      // Without this the commit waits for the put's answer, a task the page may not get.
      transaction.commit();
      transaction.done.catch(() => undefined);
    },
    clear: async () => {
      memory = undefined;
      await (await open())?.clear('reads');
    },
  };
}

let foodStorage: FoodStorage | null = null;

/**
 * The foods kept on the device, one per page: the table read once stays in memory, so a
 * search typed letter by letter reads it (and indexes it) once.
 */
export function deviceFoodStorage(): FoodStorage {
  if (foodStorage) return foodStorage;
  const memory = new Map<string, KeptTable | KeptPerson>();
  let table: Promise<KeptTable | undefined> | null = null;
  const read = async (key: 'table' | 'person') => {
    const db = await open();
    const kept = db ? await db.get('foods', key) : memory.get(key);
    return kept?.format === KEPT_FOODS_FORMAT ? kept : undefined;
  };
  foodStorage = {
    table: () => {
      table ??= read('table').then((kept) => (kept && 'foods' in kept ? kept : undefined));
      // A copy that cannot be read is read again next time.
      table.catch(() => (table = null));
      return table;
    },
    person: async () => {
      const kept = await read('person');
      return kept && 'userId' in kept ? kept : undefined;
    },
    put: async (kept) => {
      const key = 'foods' in kept ? 'table' : 'person';
      if ('foods' in kept) table = Promise.resolve(kept);
      const db = await open();
      if (db) await db.put('foods', kept, key);
      else memory.set(key, kept);
    },
    clear: async () => {
      memory.clear();
      table = null;
      await (await open())?.clear('foods');
    },
  };
  return foodStorage;
}
