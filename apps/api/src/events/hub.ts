import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Listening } from '#db/client';
import {
  END_OF_SESSIONS,
  EVENTS_CHANNEL,
  eventsAfter,
  eventsHeld,
  MAX_EVENTS_PER_USER,
  sessionLive,
} from './publish';

/**
 * Reads what an event names, as `userId` may see it now; null when it is gone or no longer
 * theirs (the stream then skips it).
 */
export type EventLoader = (db: Db, userId: string, refId: string) => Promise<unknown>;

export interface EventHubOptions {
  database: Database;
  /** How each kind of event is read; a kind without a loader is skipped. */
  loaders: Record<string, EventLoader>;
  log: FastifyBaseLogger;
  /** A comment line this often, so proxies keep an idle stream open. */
  heartbeatMs?: number;
  /** A stream ends this long after it opened; the client opens another with a new ticket. */
  lifetimeMs?: number;
  maxStreamsPerUser?: number;
  maxStreams?: number;
}

interface Stream {
  userId: string;
  /** The session the ticket was asked in: the stream ends with it (decision 098). */
  familyId: string;
  raw: ServerResponse;
  /** The number of the last event sent (or skipped). */
  after: number;
  busy: boolean;
  dirty: boolean;
  closed: boolean;
  lifetime: NodeJS.Timeout;
}

/** Whether a NOTIFY came while the stream was busy (read afresh: it changes meanwhile). */
const woken = (stream: Stream) => stream.dirty;

/** Events read per query while a stream catches up. */
const BATCH = 100;
/** A stream whose client reads nothing while this much waits is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * This instance's event streams (decision 060): one connection LISTENs for the whole
 * instance; a NOTIFY names people, whose streams read their new events from the database.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<Stream>>();
  private count = 0;
  private listening: Promise<Listening> | null = null;
  private connectedOnce = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;
  private readonly lifetimeMs: number;
  readonly maxStreamsPerUser: number;
  readonly maxStreams: number;

  constructor(private readonly options: EventHubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.lifetimeMs = options.lifetimeMs ?? 15 * 60_000;
    this.maxStreamsPerUser = options.maxStreamsPerUser ?? 10;
    this.maxStreams = options.maxStreams ?? 5_000;
  }

  /** How many streams are open on this instance. */
  get size(): number {
    return this.count;
  }

  /** Whether one more stream fits on this instance. */
  hasRoom(): boolean {
    return this.count < this.maxStreams;
  }

  /** Starts listening once, on the first stream; resolves when NOTIFYs arrive. */
  private listen(): Promise<Listening> {
    if (!this.listening) {
      this.listening = this.options.database
        .listen(EVENTS_CHANNEL, {
          onNotify: (payload) => {
            if (payload.startsWith(END_OF_SESSIONS)) {
              this.endSessions(payload.slice(END_OF_SESSIONS.length).split(','));
              return;
            }
            for (const userId of payload.split(',')) this.wake(userId);
          },
          onConnect: () => {
            // After a lost connection, whatever was sent meanwhile is read from the table.
            if (this.connectedOnce) for (const userId of this.streams.keys()) this.wake(userId);
            this.connectedOnce = true;
          },
          onError: (error) => {
            this.options.log.warn({ err: error }, 'event listener connection lost; reconnecting');
          },
        })
        .catch((error: unknown) => {
          this.listening = null;
          throw error;
        });
    }
    return this.listening;
  }

  /**
   * Takes over `raw` as the person's stream in a session, from event `after` (null: from
   * now). Past the person's bound, their oldest stream on this instance ends.
   */
  async open(
    holder: { userId: string; familyId: string },
    after: number | null,
    raw: ServerResponse,
  ): Promise<void> {
    const { userId, familyId } = holder;
    await this.listen();
    const held = await eventsHeld(this.options.database.db, userId);
    const mine = this.streams.get(userId) ?? new Set<Stream>();
    while (mine.size >= this.maxStreamsPerUser) {
      const oldest = mine.values().next().value;
      if (!oldest) break;
      this.end(oldest);
    }
    const stream: Stream = {
      userId,
      familyId,
      raw,
      after: after ?? held.newest,
      busy: false,
      dirty: false,
      closed: false,
      lifetime: setTimeout(() => {
        this.end(stream);
      }, this.lifetimeMs),
    };
    mine.add(stream);
    this.streams.set(userId, mine);
    this.count += 1;
    raw.on('close', () => {
      this.end(stream);
    });
    this.ensureHeartbeat();
    // A client away so long that some of its events were trimmed reloads everything.
    const lost = after !== null && held.count >= MAX_EVENTS_PER_USER && held.oldest > after + 1;
    this.write(stream, `retry: 2000\n`);
    if (lost) {
      stream.after = held.newest;
      this.write(stream, `id: ${stream.after}\nevent: reset\ndata: {}\n\n`);
    }
    // Registered before this check: a session ending from now on ends it by its NOTIFY, and
    // one that ended before is seen here.
    if (!(await sessionLive(this.options.database.db, familyId))) {
      this.end(stream);
      return;
    }
    this.write(stream, `id: ${stream.after}\nevent: ready\ndata: {}\n\n`);
    this.pump(stream);
  }

  /** These sessions ended (logout, password change, …): their streams here end now. */
  endSessions(familyIds: readonly string[]): void {
    const ended = new Set(familyIds);
    for (const mine of [...this.streams.values()]) {
      for (const stream of [...mine]) if (ended.has(stream.familyId)) this.end(stream);
    }
  }

  /** Something happened to the person: each of their streams sends what is new. */
  wake(userId: string): void {
    for (const stream of this.streams.get(userId) ?? []) this.pump(stream);
  }

  private pump(stream: Stream): void {
    if (stream.closed) return;
    if (stream.busy) {
      stream.dirty = true;
      return;
    }
    stream.busy = true;
    this.drain(stream).then(
      () => {
        stream.busy = false;
      },
      (error: unknown) => {
        stream.busy = false;
        // The database is away: the client reconnects (to any instance) and catches up.
        this.options.log.warn({ err: error }, 'event stream could not read its events');
        this.end(stream);
      },
    );
  }

  private async drain(stream: Stream): Promise<void> {
    const { db } = this.options.database;
    for (;;) {
      stream.dirty = false;
      const rows = await eventsAfter(db, stream.userId, stream.after, BATCH);
      // Nothing is delivered in a session that has ended, even if its NOTIFY was missed
      // while the listener reconnected.
      if (rows.length > 0 && !(await sessionLive(db, stream.familyId))) {
        this.end(stream);
        return;
      }
      for (const row of rows) {
        if (stream.closed) return;
        const loader = this.options.loaders[row.kind];
        const data = loader ? await loader(db, stream.userId, row.ref_id) : null;
        stream.after = row.seq;
        if (data !== null && data !== undefined) {
          this.write(
            stream,
            `id: ${row.seq}\nevent: ${row.kind}\ndata: ${JSON.stringify(data)}\n\n`,
          );
        }
      }
      // A NOTIFY may have set `dirty` while the rows were read and sent.
      if (stream.closed || (rows.length < BATCH && !woken(stream))) return;
    }
  }

  private write(stream: Stream, chunk: string): void {
    if (stream.closed) return;
    if (stream.raw.writableLength > MAX_BUFFERED_BYTES) {
      this.end(stream);
      return;
    }
    stream.raw.write(chunk);
  }

  private ensureHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const mine of this.streams.values()) {
        for (const stream of mine) this.write(stream, ': ping\n\n');
      }
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private end(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearTimeout(stream.lifetime);
    const mine = this.streams.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.streams.delete(stream.userId);
    this.count -= 1;
    if (this.count === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
    if (!stream.raw.writableEnded) stream.raw.end();
  }

  /** Ends every stream (the server is closing); clients reconnect elsewhere. */
  endStreams(): void {
    for (const mine of [...this.streams.values()]) for (const stream of [...mine]) this.end(stream);
  }

  /** Ends every stream and stops listening. */
  async close(): Promise<void> {
    this.endStreams();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.close();
  }
}
