import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { API_PREFIX } from '@forja/shared/constants';
import {
  messageEventSchema,
  messageReadEventSchema,
  streamTicketSchema,
  type ConversationPage,
} from '@forja/shared/schemas/conversation';
import { http } from './http';
import { conversationKey, messagesKey, unreadMessagesKey } from './query-keys';

/*
 * One event stream per tab (decision 060): a ticket asked for with the access token opens an
 * EventSource on /v0/events/; what it sends updates the query caches. When it fails or the
 * server ends it, a new ticket opens another, resuming after the last event received, after a
 * pause that grows from 1 to 30 seconds. Loaded with the shells, never with the login page.
 */

type Conversation = InfiniteData<ConversationPage, string | undefined>;

const host = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');
const MAX_PAUSE_MS = 30_000;

/** Adds a new message at the end of the newest page, once. */
function addMessage(client: QueryClient, data: unknown) {
  const event = messageEventSchema.safeParse(data);
  if (!event.success) return;
  const { trainee_id: traineeId, message } = event.data;
  const key = conversationKey(traineeId);
  // A read in flight may have started before this message was written: its answer would
  // replace the cache without it, so it is asked for again.
  if (client.isFetching({ queryKey: key }) > 0) {
    void client.invalidateQueries({ queryKey: key });
    return;
  }
  client.setQueryData<Conversation>(key, (conversation) => {
    if (!conversation) return conversation;
    const known = conversation.pages.some((page) => page.messages.some((m) => m.id === message.id));
    if (known) return conversation;
    const [newest, ...older] = conversation.pages;
    if (!newest) return conversation;
    return {
      ...conversation,
      pages: [{ ...newest, messages: [...newest.messages, message] }, ...older],
    };
  });
  void client.invalidateQueries({ queryKey: unreadMessagesKey });
}

/** Marks read the messages the reader had not read, up to the one named. */
function markRead(client: QueryClient, data: unknown) {
  const event = messageReadEventSchema.safeParse(data);
  if (!event.success) return;
  const { trainee_id: traineeId, reader, up_to: upTo, read_at: readAt } = event.data;
  const key = conversationKey(traineeId);
  const conversation = client.getQueryData<Conversation>(key);
  const oldestFirst = conversation ? [...conversation.pages].reverse() : [];
  const ids = oldestFirst.flatMap((page) => page.messages.map((m) => m.id));
  const reach = ids.indexOf(upTo);
  if (!conversation || reach < 0) {
    void client.invalidateQueries({ queryKey: key });
  } else {
    const marked = new Set(ids.slice(0, reach + 1));
    client.setQueryData<Conversation>(key, {
      ...conversation,
      pages: conversation.pages.map((page) => ({
        ...page,
        messages: page.messages.map((m) =>
          marked.has(m.id) && m.by !== reader && m.read_at === null ? { ...m, read_at: readAt } : m,
        ),
      })),
    });
  }
  void client.invalidateQueries({ queryKey: unreadMessagesKey });
}

function parse(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as unknown;
  } catch {
    return null;
  }
}

class EventStream {
  private source: EventSource | null = null;
  private lastId: string | null = null;
  private pause = 1_000;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private users = 0;
  private opening = false;
  /** Whether a stream has said "ready" or failed once: until then, counts wait for it. */
  private settled = false;
  private readonly watchers = new Set<() => void>();

  constructor(private readonly client: QueryClient) {}

  isSettled = () => this.settled;

  watch = (watcher: () => void) => {
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  };

  private settle() {
    if (this.settled) return;
    this.settled = true;
    for (const watcher of this.watchers) watcher();
  }

  retain() {
    this.users += 1;
    if (this.users === 1) void this.open();
  }

  release() {
    this.users -= 1;
    if (this.users > 0) return;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
  }

  private async open() {
    if (this.opening || this.users === 0) return;
    this.opening = true;
    try {
      const { ticket } = await http.post('/events/tickets/', {
        schema: streamTicketSchema,
        auth: 'soft',
      });
      if (this.users === 0) return;
      const after = this.lastId ? `&after=${encodeURIComponent(this.lastId)}` : '';
      const source = new EventSource(
        `${host}${API_PREFIX}/events/?ticket=${encodeURIComponent(ticket)}${after}`,
      );
      this.source = source;
      const track = (event: Event) => {
        const id = (event as MessageEvent<string>).lastEventId;
        if (id) this.lastId = id;
      };
      const fresh = this.lastId === null;
      source.addEventListener('ready', (event) => {
        track(event);
        this.pause = 1_000;
        // A first stream starts from now: what the screen read before it is read again.
        // Later streams resume after the last event instead. A read still on its way was
        // sent before the stream started: it is dropped for one sent now. The navigation's
        // unread count is not read before: it starts now, once (decision 092).
        if (!fresh) {
          this.settle();
          return;
        }
        void this.client.cancelQueries({ queryKey: messagesKey }).then(() => {
          const reads = this.client.invalidateQueries({ queryKey: messagesKey });
          // Once those are asked for: a count enabled now is read once, not also by them.
          this.settle();
          return reads;
        });
      });
      source.addEventListener('message', (event) => {
        track(event);
        addMessage(this.client, parse(event));
      });
      source.addEventListener('message_read', (event) => {
        track(event);
        markRead(this.client, parse(event));
      });
      source.addEventListener('reset', (event) => {
        track(event);
        void this.client.invalidateQueries({ queryKey: messagesKey });
      });
      source.onerror = () => {
        // EventSource would retry with the same ticket, which is used up: a new one instead.
        source.close();
        if (this.source === source) this.source = null;
        this.later();
      };
    } catch {
      this.later();
    } finally {
      this.opening = false;
    }
  }

  private later() {
    // Without a stream, counts are read as they are: they cannot wait for it.
    this.settle();
    if (this.users === 0) return;
    clearTimeout(this.timer);
    const wait = this.pause * (0.75 + Math.random() * 0.5);
    this.pause = Math.min(this.pause * 2, MAX_PAUSE_MS);
    this.timer = setTimeout(() => void this.open(), wait);
  }
}

const streams = new WeakMap<QueryClient, EventStream>();

function streamOf(client: QueryClient): EventStream {
  let stream = streams.get(client);
  if (!stream) {
    stream = new EventStream(client);
    streams.set(client, stream);
  }
  return stream;
}

const noWatch = () => () => undefined;

/**
 * Keeps the tab's event stream open while a component that uses it is shown. Answers whether
 * what the stream keeps current can be read now: once the stream has said "ready" (a read
 * sent after it misses nothing) or has failed, and at once where there is no EventSource.
 */
export function useEventStream(enabled = true): boolean {
  const client = useQueryClient();
  const stream = typeof EventSource === 'undefined' ? null : streamOf(client);
  const settled = useSyncExternalStore(
    stream?.watch ?? noWatch,
    useCallback(() => stream?.isSettled() ?? true, [stream]),
  );
  useEffect(() => {
    if (!enabled || !stream) return;
    stream.retain();
    return () => {
      stream.release();
    };
  }, [stream, enabled]);
  return settled;
}
