import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessionFamilies } from './auth';
import { bytea } from './onboarding';
import { users } from './users';

const person = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One message of the conversation between a trainee and their trainer now (decision 060):
 * text, or a photo (its bytes in `message_photos`). The pair's conversation is deleted when
 * the link ends or the trainer changes.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainee_id: person('trainee_id'),
    trainer_id: person('trainer_id'),
    /** The trainee or the trainer of the pair. */
    author_id: person('author_id'),
    /** The text; empty for a photo. */
    body: text('body').notNull(),
    kind: text('kind', { enum: ['text', 'photo'] }).notNull(),
    created_at: at('created_at').notNull(),
    /** When the other side of the pair read it; null while unread. */
    read_at: at('read_at'),
    /** Order of writing: the history's cursor (times may be equal). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('messages_pair_seq_idx').on(table.trainee_id, table.trainer_id, table.seq),
    // Unread counts read only what is unread: the trainee's by pair, the trainer's by trainer.
    index('messages_unread_trainee_idx')
      .on(table.trainee_id, table.trainer_id)
      .where(sql`${table.read_at} is null`),
    index('messages_unread_trainer_idx')
      .on(table.trainer_id)
      .where(sql`${table.read_at} is null`),
    check(
      'messages_author_check',
      sql`${table.author_id} = ${table.trainee_id} or ${table.author_id} = ${table.trainer_id}`,
    ),
    check(
      'messages_body_check',
      sql`(${table.kind} = 'text' and char_length(${table.body}) between 1 and 2000)
        or (${table.kind} = 'photo' and ${table.body} = '')`,
    ),
  ],
);

/**
 * How many messages each pair's conversation holds, kept by statement triggers on `messages`
 * (migration 0040) in the transaction of every insert and delete, so that a send reads one
 * row to trim past the cap instead of counting the conversation (decision 108).
 */
export const messageCounts = pgTable(
  'message_counts',
  {
    trainee_id: person('trainee_id'),
    trainer_id: person('trainer_id'),
    held: integer('held').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.trainee_id, table.trainer_id] }),
    // Behind the foreign key: a trainer's account deleted takes their pairs' counts.
    index('message_counts_trainer_id_idx').on(table.trainer_id),
  ],
);

/**
 * The photo of a photo message, re-encoded like a profile picture. Its id is what the photo is
 * asked for by, unguessable; only the two people of the pair are served it.
 */
export const messagePhotos = pgTable(
  'message_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message_id: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    content_type: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
  },
  (table) => [
    uniqueIndex('message_photos_message_id_key').on(table.message_id),
    check('message_photos_size_check', sql`${table.width} <= 1280 and ${table.height} <= 1280`),
  ],
);

/**
 * What a person's event streams send (decision 060): one row per recipient, carrying only the
 * kind and the id of what happened; the stream reads the thing itself when it sends it. `seq`
 * is the stream's event id, so a stream that reconnects resumes after the last one it got.
 * At most the newest 1000 rows per person are kept.
 */
export const userEvents = pgTable(
  'user_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    user_id: person('user_id'),
    kind: text('kind').notNull(),
    ref_id: uuid('ref_id').notNull(),
    created_at: at('created_at').notNull(),
  },
  (table) => [index('user_events_user_id_seq_idx').on(table.user_id, table.seq)],
);

/**
 * A ticket opens one event stream (EventSource cannot send the access token): asked for with
 * the access token, good once and for 60 seconds, while its session lasts. Only its SHA-256
 * is kept.
 */
export const eventStreamTickets = pgTable(
  'event_stream_tickets',
  {
    ticket_hash: text('ticket_hash').primaryKey(),
    user_id: person('user_id'),
    /** The session it was asked for in: refused once that session has ended (decision 098). */
    family_id: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    expires_at: at('expires_at').notNull(),
  },
  (table) => [
    index('event_stream_tickets_user_id_idx').on(table.user_id),
    index('event_stream_tickets_family_id_idx').on(table.family_id),
  ],
);
