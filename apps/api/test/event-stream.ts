/**
 * A client of the event stream (decision 060) for tests, the fault suite and the bench: asks
 * for a ticket with the access token, opens `GET /v0/events/` and parses what comes as
 * Server-Sent Events, as a browser's EventSource does.
 */

export interface StreamEvent {
  id: string;
  event: string;
  data: string;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface EventStreamClient {
  /** Every event so far, `ready` included. */
  events: StreamEvent[];
  /** The id of the last event with one, as EventSource keeps it. */
  lastEventId(): string;
  /** Resolves with the first event (from `from` on) that `match` accepts. */
  next(
    match: (event: StreamEvent) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<StreamEvent>;
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  close(): void;
}

export async function streamTicket(baseUrl: string, accessToken: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v0/events/tickets/`, {
    method: 'POST',
    headers: { authorization: `Token ${accessToken}` },
  });
  if (res.status !== 201) throw new Error(`ticket: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { ticket: string } };
  return body.data.ticket;
}

/** Opens a stream with a new ticket, resuming after `lastEventId` when given. */
export async function openEventStream(
  baseUrl: string,
  accessToken: string,
  options: { lastEventId?: string; ticket?: string } = {},
): Promise<EventStreamClient> {
  const ticket = options.ticket ?? (await streamTicket(baseUrl, accessToken));
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/v0/events/?ticket=${ticket}`, {
    headers: options.lastEventId ? { 'last-event-id': options.lastEventId } : {},
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) {
    throw Object.assign(new Error(`stream: ${res.status} ${await res.text()}`), {
      status: res.status,
    });
  }
  const events: StreamEvent[] = [];
  let lastId = options.lastEventId ?? '';
  const waiters = new Set<() => void>();
  let over = false;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = { id: '', event: 'message', data: [] as string[], hasId: false };
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || line === '') continue;
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'id') {
              fields.id = value;
              fields.hasId = true;
            } else if (name === 'event') fields.event = value;
            else if (name === 'data') fields.data.push(value);
          }
          if (fields.hasId) lastId = fields.id;
          if (fields.data.length === 0) continue;
          events.push({
            id: fields.id,
            event: fields.event,
            data: fields.data.join('\n'),
            at: performance.now(),
          });
          for (const wake of [...waiters]) wake();
        }
      }
    } catch {
      // Aborted or dropped: the stream is over either way.
    } finally {
      over = true;
      for (const wake of [...waiters]) wake();
    }
  })();
  return {
    events,
    lastEventId: () => lastId,
    ended,
    next(match, timeoutMs = 10_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            done();
            resolve(found);
          } else if (over) {
            done();
            reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
    },
  };
}
