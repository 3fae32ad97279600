import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxStorage, OutboxWrite } from './outbox';

/*
 * The device's copy: the outbox of writes and the saved reads, in one IndexedDB database.
 * Where the browser has no IndexedDB (or refuses it, as some private modes do) both live in
 * memory: the app works, and keeps nothing across a reload.
 */

export const DATABASE_NAME = 'forja-offline';

interface OfflineSchema extends DBSchema {
  outbox: { key: string; value: OutboxWrite };
  /** Saved reads, by person: the dehydrated query cache. */
  reads: { key: string; value: { userId: string; savedAt: number; state: unknown } };
}

export interface ReadStorage {
  get(userId: string): Promise<unknown>;
  put(userId: string, state: unknown): Promise<void>;
  clear(): Promise<void>;
}

let database: Promise<IDBPDatabase<OfflineSchema> | null> | null = null;

function open(): Promise<IDBPDatabase<OfflineSchema> | null> {
  database ??= (
    typeof indexedDB === 'undefined'
      ? Promise.resolve(null)
      : openDB<OfflineSchema>(DATABASE_NAME, 1, {
          upgrade(db) {
            db.createObjectStore('outbox', { keyPath: 'key' });
            db.createObjectStore('reads');
          },
        })
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
  const memory = new Map<string, unknown>();
  return {
    get: async (userId) => {
      const db = await open();
      return db ? (await db.get('reads', userId))?.state : memory.get(userId);
    },
    put: async (userId, state) => {
      const db = await open();
      if (db) await db.put('reads', { userId, savedAt: Date.now(), state }, userId);
      else memory.set(userId, state);
    },
    clear: async () => {
      memory.clear();
      await (await open())?.clear('reads');
    },
  };
}
