import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  createOutbox,
  MAX_OUTBOX_WRITES,
  type NewWrite,
  type OutboxWrite,
} from './outbox';
import { deviceOutboxStorage, memoryOutboxStorage } from './storage';

class Answer extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

interface Sent {
  key: string;
  method: string;
  path: string;
  body: unknown;
}

/** A fake API: answers each write by its path, records what was sent with which key. */
function harness(
  answer: (write: OutboxWrite, attempt: number) => unknown = () => ({ ok: true }),
  storage = memoryOutboxStorage(),
) {
  const sent: Sent[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const refused: { write: OutboxWrite; error: unknown }[] = [];
  const caughtUp: OutboxWrite[][] = [];
  let keys = 0;
  const attempts = new Map<string, number>();
  const outbox = createOutbox({
    storage,
    currentUser: () => 'user-1',
    newKey: () => `key-${++keys}`,
    statusOf: (error) => (error instanceof Answer ? error.status : undefined),
    schedule: (run, ms) => timers.push({ run, ms }),
    send: (write) => {
      const attempt = (attempts.get(write.key) ?? 0) + 1;
      attempts.set(write.key, attempt);
      sent.push({ key: write.key, method: write.method, path: write.path, body: write.body });
      try {
        return Promise.resolve(answer(write, attempt));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    onRefused: (write, error) => refused.push({ write, error }),
    onCaughtUp: (writes) => caughtUp.push([...writes]),
  });
  return { outbox, sent, timers, refused, caughtUp };
}

function write(overrides: Partial<NewWrite> = {}): NewWrite {
  return {
    userId: 'user-1',
    method: 'POST',
    path: '/diary/entries/',
    body: { id: 'e1', quantity: 100 },
    op: 'create',
    target: 'entry:e1',
    label: 'la comida «Pan»',
    dates: ['2026-11-28'],
    ...overrides,
  };
}

/** The day's water, replaced whole. */
function water(day: string, water_ml: number): NewWrite {
  return write({
    method: 'PUT',
    path: `/diary/days/${day}/water/`,
    op: 'replace',
    target: `water:${day}`,
    body: { water_ml },
  });
}

/** A new diary entry, as `write()` is e1. */
function newEntry(id: string, fields: Record<string, unknown> = {}): NewWrite {
  return write({ target: `entry:${id}`, body: { id, ...fields } });
}

/** An edit of an entry: the fields it changes. */
function entryEdit(id: string, body: Record<string, unknown>): NewWrite {
  return write({
    method: 'PUT',
    path: `/diary/entries/${id}/`,
    op: 'edit',
    target: `entry:${id}`,
    body,
  });
}

/** The deletion of an entry. */
function entryDeletion(id: string): NewWrite {
  return write({
    method: 'DELETE',
    path: `/diary/entries/${id}/`,
    op: 'delete',
    target: `entry:${id}`,
    body: undefined,
  });
}

describe('the outbox', () => {
  it('sends writes in the order they were made, each with its own key', async () => {
    const { outbox, sent } = harness();
    const results = await Promise.all([
      outbox.submit(write()),
      outbox.submit(water('2026-11-28', 250)),
      outbox.submit(newEntry('e2')),
    ]);
    expect(results.map((result) => result.state)).toEqual(['sent', 'sent', 'sent']);
    expect(sent.map((call) => [call.key, call.path])).toEqual([
      ['key-1', '/diary/entries/'],
      ['key-2', '/diary/days/2026-11-28/water/'],
      ['key-3', '/diary/entries/'],
    ]);
    expect(await outbox.pending()).toEqual([]);
  });

  it('keeps a write that got no answer and retries it later with the same key, after the ones before it', async () => {
    let online = false;
    const { outbox, sent, timers, caughtUp } = harness(() => {
      if (!online) throw new Error('Failed to fetch');
      return { ok: true };
    });
    expect((await outbox.submit(write())).state).toBe('queued');
    expect((await outbox.submit(newEntry('e2'))).state).toBe('queued');
    // The second write waits behind the first: it was never sent.
    expect(sent.map((call) => call.key)).toEqual(['key-1']);
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);

    // Still down: the wait grows.
    timers.shift()?.run();
    await outbox.drain();
    expect(timers.map((timer) => timer.ms)).toEqual([2000]);

    online = true;
    timers.shift()?.run();
    await outbox.drain();
    expect(sent.map((call) => call.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(await outbox.pending()).toEqual([]);
    expect(caughtUp.map((writes) => writes.map((sentWrite) => sentWrite.key))).toEqual([
      ['key-1', 'key-2'],
    ]);
  });

  it('retries a 5xx with the same key, and drops a 4xx with what it was, then goes on', async () => {
    const { outbox, sent, refused, timers } = harness((sentWrite, attempt) => {
      if (sentWrite.path === '/diary/entries/gone/') throw new Answer(404);
      if (sentWrite.key === 'key-1' && attempt === 1) throw new Answer(503);
      return { ok: true };
    });
    expect((await outbox.submit(write())).state).toBe('queued');
    const refusedEdit = outbox.submit({
      ...entryEdit('gone', { quantity: 2 }),
      label: 'el cambio de «Leche»',
    });
    expect(await refusedEdit).toEqual({ state: 'queued' });
    timers.shift()?.run();
    await outbox.drain();
    expect(sent.map((call) => call.key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.write.label).toBe('el cambio de «Leche»');
    expect((refused[0]?.error as Answer).status).toBe(404);
    expect(await outbox.pending()).toEqual([]);
  });

  it('answers a refusal to whoever waits on the write', async () => {
    const { outbox } = harness(() => {
      throw new Answer(422);
    });
    const settled = await outbox.submit(write());
    expect(settled.state).toBe('refused');
  });

  it('counts a 404 to a deletion as done', async () => {
    const { outbox, refused } = harness(() => {
      throw new Answer(404);
    });
    const settled = await outbox.submit(entryDeletion('e1'));
    expect(settled.state).toBe('sent');
    expect(refused).toEqual([]);
  });

  it('folds pending edits field by field, the later value winning', async () => {
    let online = false;
    const { outbox, sent, timers } = harness(() => {
      if (!online) throw new Error('offline');
      return {};
    });
    // A write already tried is never changed (its key was seen with its body).
    await outbox.submit(entryEdit('x', { quantity: 1 }));
    await outbox.submit(entryEdit('x', { quantity: 2, meal: 'lunch' }));
    await outbox.submit(entryEdit('x', { meal: 'dinner' }));
    expect((await outbox.pending()).map((pending) => pending.body)).toEqual([
      { quantity: 1 },
      { quantity: 2, meal: 'dinner' },
    ]);
    online = true;
    timers.shift()?.run();
    await outbox.drain();
    expect(sent.map((call) => [call.key, call.body])).toEqual([
      ['key-1', { quantity: 1 }],
      ['key-1', { quantity: 1 }],
      ['key-2', { quantity: 2, meal: 'dinner' }],
    ]);
  });

  it('folds an edit of an entry made offline into its creation', async () => {
    const { outbox } = harness(() => {
      throw new Error('offline');
    });
    await outbox.submit(newEntry('x', { quantity: 100 }));
    await outbox.submit(newEntry('y', { quantity: 5 }));
    await outbox.submit(entryEdit('y', { quantity: 50 }));
    expect((await outbox.pending()).map((pending) => [pending.op, pending.body])).toEqual([
      ['create', { id: 'x', quantity: 100 }],
      ['create', { id: 'y', quantity: 50 }],
    ]);
  });

  it('lets a deletion win over pending edits, and cancels a creation nobody has seen', async () => {
    const { outbox, sent } = harness(() => {
      throw new Error('offline');
    });
    await outbox.submit(water('d', 1));
    await outbox.submit(entryEdit('old', { quantity: 1 }));
    await outbox.submit(newEntry('new'));
    await outbox.submit(entryDeletion('old'));
    expect(await outbox.submit(entryDeletion('new'))).toEqual({ state: 'folded' });
    // An edit after the deletion changes nothing either.
    expect(await outbox.submit(entryEdit('old', { quantity: 9 }))).toEqual({ state: 'folded' });
    expect((await outbox.pending()).map((pending) => [pending.op, pending.target])).toEqual([
      ['replace', 'water:d'],
      ['delete', 'entry:old'],
    ]);
    expect(sent).toHaveLength(1);
  });

  it('lets a deletion of a day’s weight win over its value not sent yet', async () => {
    const { outbox } = harness(() => {
      throw new Error('offline');
    });
    await outbox.submit(water('d', 1));
    const weight = { path: '/metrics/weights/d/', target: 'weight:d' };
    await outbox.submit(
      write({ ...weight, method: 'PUT', op: 'replace', body: { weight_kg: 80 } }),
    );
    await outbox.submit(write({ ...weight, method: 'DELETE', op: 'delete', body: undefined }));
    expect((await outbox.pending()).map((pending) => [pending.method, pending.target])).toEqual([
      ['PUT', 'water:d'],
      ['DELETE', 'weight:d'],
    ]);
  });

  it('keeps the latest whole value of a thing', async () => {
    const { outbox } = harness(() => {
      throw new Error('offline');
    });
    await outbox.submit(
      write({
        method: 'PUT',
        path: '/diary/days/d/notes/',
        op: 'replace',
        target: 'notes:d',
        body: { notes: 'a' },
      }),
    );
    await outbox.submit(water('d', 250));
    await outbox.submit(water('d', 500));
    expect((await outbox.pending()).map((pending) => pending.body)).toEqual([
      { notes: 'a' },
      { water_ml: 500 },
    ]);
  });

  it('sends only the signed-in person’s writes, and forgets all on clear', async () => {
    const { outbox, sent } = harness();
    await outbox.submit(write({ userId: 'someone-else' }));
    expect(sent).toEqual([]);
    expect(await outbox.pending()).toEqual([]);
    await outbox.clear();
  });

  it('keeps its writes in IndexedDB across a reload of the page', async () => {
    const first = harness(() => {
      throw new Error('offline');
    }, deviceOutboxStorage());
    await first.outbox.submit(write());
    await first.outbox.submit(newEntry('e2'));

    // A new page: a new outbox over the same database.
    const second = harness(() => ({}), deviceOutboxStorage());
    await second.outbox.drain();
    expect(second.sent.map((call) => call.key)).toEqual(['key-1', 'key-2']);
    expect(await second.outbox.pending()).toEqual([]);
    // They waited for this visit: once all are sent, the person hears it, as for the network.
    expect(second.caughtUp.map((writes) => writes.map((sentWrite) => sentWrite.key))).toEqual([
      ['key-1', 'key-2'],
    ]);
    // A write made on this page and sent at once is not one of them.
    await second.outbox.submit(newEntry('e3'));
    expect(second.caughtUp).toHaveLength(1);
  });

  it('waits 1 s, 2 s, 4 s… and at most a minute', () => {
    expect([1, 2, 3, 7, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 60_000, 60_000]);
  });

  it('keeps at most MAX_OUTBOX_WRITES of a person waiting, and takes writes again once some go', async () => {
    let online = false;
    const { outbox, timers } = harness(() => {
      if (!online) throw new Error('Failed to fetch');
      return { ok: true };
    });
    const results = [];
    for (let at = 0; at < MAX_OUTBOX_WRITES; at += 1) {
      results.push(await outbox.submit(newEntry(`e${String(at)}`)));
    }
    expect(results.every((settled) => settled.state === 'queued')).toBe(true);
    expect(await outbox.submit(newEntry('one-more'))).toEqual({ state: 'full' });
    // An edit of a write still waiting folds into it: it takes no room.
    expect((await outbox.submit(entryEdit('e3', { quantity: 50 }))).state).toBe('folded');

    online = true;
    for (const { run } of timers.splice(0)) run();
    await outbox.drain();
    expect((await outbox.submit(newEntry('after'))).state).toBe('sent');
  });
});
