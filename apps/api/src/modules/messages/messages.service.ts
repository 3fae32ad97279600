import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import {
  MAX_MESSAGES_PER_PAIR,
  MAX_PHOTOS_PER_PAIR,
  MESSAGES_PAGE_SIZE,
} from '@forja/shared/constants';
import type {
  ConversationPage,
  Message,
  MessageEvent,
  MessageReadEvent,
  TrainerUnreadMessages,
} from '@forja/shared/schemas/conversation';
import { messageBodySchema } from '@forja/shared/schemas/conversation';
import { isId } from '@forja/shared/schemas/common';
import type { Clock } from '#clock';
import { lockConversation } from '#db/advisory-locks';
import type { Db } from '#db/client';
import { inTransaction } from '#db/in-transaction';
import { messageCounts, messagePhotos, messages } from '#db/schema/messages';
import { users } from '#db/schema/users';
import { publish } from '#events/publish';
import type { EventLoader } from '#events/hub';
import { AppError } from '#http/app-error';
import { resizeImage } from '#images/resize';
import { notify } from '#notifications/notify';
import { trainerMay } from '#security/trainer-access';

export interface MessagesDeps {
  db: Db;
  clock: Clock;
}

/** The longest side of a stored photo, in pixels: enough to read a label on a phone. */
export const PHOTO_MAX_SIDE_PX = 1280;

/** The two people of a conversation, and which of them is asking. */
export interface Pair {
  traineeId: string;
  trainerId: string;
  viewerId: string;
}

type MessageRow = typeof messages.$inferSelect;
type PhotoInfo = { id: string; width: number; height: number } | null;

const photoColumns = {
  id: messagePhotos.id,
  width: messagePhotos.width,
  height: messagePhotos.height,
};

function toMessage(row: MessageRow, photo: PhotoInfo): Message {
  return {
    id: row.id,
    by: row.author_id === row.trainer_id ? 'trainer' : 'trainee',
    body: row.body,
    photo: photo?.id ? photo : null,
    created_at: row.created_at,
    read_at: row.read_at,
  };
}

const ofPair = (pair: Pick<Pair, 'traineeId' | 'trainerId'>) =>
  and(eq(messages.trainee_id, pair.traineeId), eq(messages.trainer_id, pair.trainerId));

// ---- Who the conversation is with ----

/**
 * The trainee's conversation: with their trainer now (404 `trainer not found` without one).
 * With `lock`, the link row is held until the transaction ends, so an unlink waits for it.
 */
export async function traineePair(db: Db, traineeId: string, lock = false): Promise<Pair> {
  const [me] = await db
    .select({ trainer_id: users.trainer_id })
    .from(users)
    .where(eq(users.id, traineeId));
  const trainerId = me?.trainer_id;
  if (!trainerId || !(await trainerMay(db, trainerId, traineeId, { area: 'identity', lock }))) {
    throw new AppError('trainerNotFound');
  }
  return { traineeId, trainerId, viewerId: traineeId };
}

/** The trainer's conversation with a trainee of theirs now; anyone else's is a 404. */
export async function trainerPair(
  db: Db,
  trainerId: string,
  traineeId: string,
  lock = false,
): Promise<Pair> {
  if (!(await trainerMay(db, trainerId, traineeId, { area: 'identity', lock }))) {
    throw new AppError('notFound');
  }
  return { traineeId, trainerId, viewerId: trainerId };
}

export type PairOf = (db: Db, lock: boolean) => Promise<Pair>;

// ---- Reading ----

/** One page of the conversation, the newest 50 before `before` (a message's cursor). */
export async function readConversation(
  deps: MessagesDeps,
  pairOf: PairOf,
  before: string | undefined,
): Promise<ConversationPage> {
  const pair = await pairOf(deps.db, false);
  const other = pair.viewerId === pair.traineeId ? pair.trainerId : pair.traineeId;
  const [correspondent] = await deps.db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      profile_picture_url: users.profile_picture_url,
    })
    .from(users)
    .where(eq(users.id, other));
  const rows = await deps.db
    .select({ message: messages, photo: photoColumns })
    .from(messages)
    .leftJoin(messagePhotos, eq(messagePhotos.message_id, messages.id))
    .where(and(ofPair(pair), before ? lt(messages.seq, Number(before)) : undefined))
    .orderBy(desc(messages.seq))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const oldest = page[0];
  if (!correspondent) throw new AppError('notFound');
  return {
    with: correspondent,
    messages: page.map((row) => toMessage(row.message, row.photo)),
    next_cursor: rows.length > MESSAGES_PAGE_SIZE && oldest ? String(oldest.message.seq) : null,
  };
}

// ---- Writing ----

/**
 * Writes a message of the viewer's in the pair's conversation: the link row held until the
 * commit (an unlink waits, then deletes it), the pair's lock taken, the oldest message trimmed
 * past 10 000 (and the oldest photo past 100 when this is one), and the two people's streams
 * told on commit.
 */
async function write(
  deps: MessagesDeps,
  pairOf: PairOf,
  content: { body: string } | { photo: { data: Buffer; width: number; height: number } },
): Promise<Message> {
  return inTransaction(deps, async ({ db }) => {
    const pair = await pairOf(db, true);
    await lockConversation(db, pair.traineeId, pair.trainerId);
    // Kept by the messages' triggers: one row, however long the conversation (decision 108).
    const [held] = await db
      .select({ n: messageCounts.held })
      .from(messageCounts)
      .where(
        and(
          eq(messageCounts.trainee_id, pair.traineeId),
          eq(messageCounts.trainer_id, pair.trainerId),
        ),
      );
    const excess = (held?.n ?? 0) - MAX_MESSAGES_PER_PAIR + 1;
    if (excess > 0) {
      const oldest = db
        .select({ id: messages.id })
        .from(messages)
        .where(ofPair(pair))
        .orderBy(messages.seq)
        .limit(excess);
      await db.delete(messages).where(inArray(messages.id, oldest));
    }
    if ('photo' in content) {
      const photos = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(ofPair(pair), eq(messages.kind, 'photo')))
        .orderBy(messages.seq);
      const extra = photos.length - MAX_PHOTOS_PER_PAIR + 1;
      if (extra > 0) {
        await db.delete(messages).where(
          inArray(
            messages.id,
            photos.slice(0, extra).map((row) => row.id),
          ),
        );
      }
    }
    const [row] = await db
      .insert(messages)
      .values({
        trainee_id: pair.traineeId,
        trainer_id: pair.trainerId,
        author_id: pair.viewerId,
        kind: 'photo' in content ? 'photo' : 'text',
        body: 'photo' in content ? '' : content.body,
        created_at: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('message not written');
    let photo: PhotoInfo = null;
    if ('photo' in content) {
      const { data, width, height } = content.photo;
      const [stored] = await db
        .insert(messagePhotos)
        .values({
          message_id: row.id,
          content: data,
          content_type: 'image/webp',
          width,
          height,
          sha256: createHash('sha256').update(data).digest('hex'),
        })
        .returning(photoColumns);
      photo = stored ?? null;
    }
    await publish(db, [pair.traineeId, pair.trainerId], 'message', row.id, deps.clock.now());
    await notifyOtherSide({ db, clock: deps.clock }, pair, row.body);
    return toMessage(row, photo);
  });
}

/**
 * The other side of the pair hears of the message (decision 062), in its transaction: the
 * trainee in Mensajes, the trainer in the trainee's conversation. `body` is empty for a photo.
 */
async function notifyOtherSide(deps: { db: Db; clock: Clock }, pair: Pair, body: string) {
  const [author] = await deps.db
    .select({ first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(eq(users.id, pair.viewerId));
  const name = `${author?.first_name ?? ''} ${author?.last_name ?? ''}`.trim() || 'Tu contacto';
  const toTrainee = pair.viewerId === pair.trainerId;
  await notify(deps, {
    userId: toTrainee ? pair.traineeId : pair.trainerId,
    kind: 'message',
    title: `Mensaje de ${name}`,
    body: body === '' ? 'Te ha enviado una foto.' : body,
    path: toTrainee ? '/users/messages' : `/trainers/clients/${pair.traineeId}/messages`,
    subjectUserId: toTrainee ? pair.trainerId : pair.traineeId,
  });
}

export function sendText(deps: MessagesDeps, pairOf: PairOf, body: string): Promise<Message> {
  return write(deps, pairOf, { body: messageBodySchema.parse(body) });
}

/** A photo, re-encoded as a profile picture is (SVG, bombs and oversize refused, EXIF gone). */
export async function sendPhoto(
  deps: MessagesDeps,
  pairOf: PairOf,
  upload: Buffer,
): Promise<Message> {
  // Who may write is checked before the photo is decoded, and again with the write.
  await pairOf(deps.db, false);
  const { data, info } = await resizeImage(upload, { maxSide: PHOTO_MAX_SIDE_PX, quality: 82 });
  return write(deps, pairOf, { photo: { data, width: info.width, height: info.height } });
}

/**
 * Marks every message of the other side up to `upTo` (a message of the pair's) read, once;
 * answers how many of theirs are still unread. The two people's streams are told when
 * something changed.
 */
export async function markRead(
  deps: MessagesDeps,
  pairOf: PairOf,
  upTo: string,
): Promise<{ count: number }> {
  return inTransaction(deps, async ({ db }) => {
    const pair = await pairOf(db, true);
    const [target] = await db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(ofPair(pair), eq(messages.id, upTo)));
    if (!target) throw new AppError('messageNotFound');
    const now = deps.clock.now();
    const fromOther = and(ofPair(pair), ne(messages.author_id, pair.viewerId));
    const marked = await db
      .update(messages)
      .set({ read_at: now })
      .where(and(fromOther, lte(messages.seq, target.seq), isNull(messages.read_at)))
      .returning({ id: messages.id, seq: messages.seq });
    const newest = marked.reduce<{ id: string; seq: number } | null>(
      (best, row) => (!best || row.seq > best.seq ? row : best),
      null,
    );
    if (newest) {
      await publish(db, [pair.traineeId, pair.trainerId], 'message_read', newest.id, now);
    }
    const [left] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(fromOther, isNull(messages.read_at)));
    return { count: left?.n ?? 0 };
  });
}

// ---- Unread counts ----

/** The messages of their trainer now the trainee has not read. */
export async function unreadForTrainee(deps: MessagesDeps, traineeId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.trainee_id))
    .where(
      and(
        eq(messages.trainee_id, traineeId),
        eq(messages.trainer_id, users.trainer_id),
        ne(messages.author_id, traineeId),
        isNull(messages.read_at),
      ),
    );
  return row?.n ?? 0;
}

/** The trainer's unread messages, in all and per trainee linked to them now. */
export async function unreadForTrainer(
  deps: MessagesDeps,
  trainerId: string,
): Promise<TrainerUnreadMessages> {
  const rows = await deps.db
    .select({
      trainee_id: messages.trainee_id,
      first_name: users.first_name,
      last_name: users.last_name,
      count: count(),
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.trainee_id))
    .where(
      and(
        eq(messages.trainer_id, trainerId),
        eq(users.trainer_id, trainerId),
        eq(messages.author_id, messages.trainee_id),
        isNull(messages.read_at),
      ),
    )
    .groupBy(messages.trainee_id, users.first_name, users.last_name)
    .orderBy(users.first_name, users.last_name);
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    trainees: rows,
  };
}

// ---- Photos ----

/** A photo of a conversation the person is part of now, or null. */
export async function findPhoto(deps: MessagesDeps, userId: string, photoId: string) {
  if (!isId(photoId)) return null;
  const [row] = await deps.db
    .select({
      content: messagePhotos.content,
      content_type: messagePhotos.content_type,
      sha256: messagePhotos.sha256,
      trainee_id: messages.trainee_id,
      trainer_id: messages.trainer_id,
    })
    .from(messagePhotos)
    .innerJoin(messages, eq(messages.id, messagePhotos.message_id))
    .where(
      and(
        eq(messagePhotos.id, photoId),
        sql`(${messages.trainee_id} = ${userId} or ${messages.trainer_id} = ${userId})`,
      ),
    );
  if (!row) return null;
  // The conversation is open only while the link lasts.
  if (!(await trainerMay(deps.db, row.trainer_id, row.trainee_id, { area: 'identity' }))) {
    return null;
  }
  return row;
}

// ---- What the event streams send ----

async function messageOfPair(db: Db, userId: string, messageId: string) {
  if (!isId(messageId)) return null;
  const [row] = await db
    .select({ message: messages, photo: photoColumns, link: users.trainer_id })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.trainee_id))
    .leftJoin(messagePhotos, eq(messagePhotos.message_id, messages.id))
    .where(eq(messages.id, messageId));
  if (!row) return null;
  const { message } = row;
  const isPair = message.trainee_id === userId || message.trainer_id === userId;
  // Only the two people, and only while the trainee's trainer is still that trainer.
  if (!isPair || row.link !== message.trainer_id) return null;
  return row;
}

/** The streams' readers of this module's events. */
export const messageEventLoaders: Record<string, EventLoader> = {
  async message(db, userId, refId): Promise<MessageEvent | null> {
    const row = await messageOfPair(db, userId, refId);
    if (!row) return null;
    return {
      trainee_id: row.message.trainee_id,
      trainer_id: row.message.trainer_id,
      message: toMessage(row.message, row.photo),
    };
  },
  async message_read(db, userId, refId): Promise<MessageReadEvent | null> {
    const row = await messageOfPair(db, userId, refId);
    if (!row?.message.read_at) return null;
    const { message } = row;
    return {
      trainee_id: message.trainee_id,
      trainer_id: message.trainer_id,
      // The reader is the side that did not write it.
      reader: message.author_id === message.trainer_id ? 'trainee' : 'trainer',
      up_to: message.id,
      read_at: message.read_at as Date,
    };
  },
};
