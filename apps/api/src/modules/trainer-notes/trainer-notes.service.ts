import { and, count, desc, eq } from 'drizzle-orm';
import { MAX_NOTES_PER_TRAINEE } from '@forja/shared/constants';
import { isId } from '@forja/shared/schemas/common';
import { noteInputSchema, type Note, type NoteInput } from '@forja/shared/schemas/trainer-notes';
import type { Clock } from '#clock';
import { lockTrainerNotes } from '#db/advisory-locks';
import type { Db } from '#db/client';
import { trainerNotes } from '#db/schema/trainer-workspace';
import { AppError } from '#http/app-error';
import { trainerMay } from '#security/trainer-access';

export interface TrainerNotesDeps {
  db: Db;
  clock: Clock;
}

type NoteRow = typeof trainerNotes.$inferSelect;

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    body: row.body,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The trainee, when they are the trainer's now (the link alone: the notes are the trainer's
 * own, no area is needed); else a 404. With `lock`, the link cannot end (which deletes the
 * notes) until the caller's transaction does, so no note outlives it.
 */
async function traineeOf(
  db: Db,
  trainerId: string,
  traineeId: string,
  options: { lock?: boolean } = {},
): Promise<string> {
  if (!(await trainerMay(db, trainerId, traineeId, { area: 'identity', ...options }))) {
    throw new AppError('notFound');
  }
  return traineeId.toLowerCase();
}

const pairOf = (trainerId: string, traineeId: string) =>
  and(eq(trainerNotes.trainer_id, trainerId), eq(trainerNotes.trainee_id, traineeId));

/** The trainer's notes about the trainee, newest first. */
export async function listNotes(
  deps: TrainerNotesDeps,
  trainerId: string,
  traineeId: string,
): Promise<Note[]> {
  const trainee = await traineeOf(deps.db, trainerId, traineeId);
  const rows = await deps.db
    .select()
    .from(trainerNotes)
    .where(pairOf(trainerId, trainee))
    .orderBy(desc(trainerNotes.created_at), desc(trainerNotes.id))
    .limit(MAX_NOTES_PER_TRAINEE);
  return rows.map(toNote);
}

/** Writes a note; the pair holds at most 500, counted under the pair's lock (else a 409). */
export async function createNote(
  deps: TrainerNotesDeps,
  trainerId: string,
  traineeId: string,
  input: NoteInput,
): Promise<Note> {
  const { body } = noteInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const trainee = await traineeOf(tx, trainerId, traineeId, { lock: true });
    await lockTrainerNotes(tx, trainerId, trainee);
    const [held] = await tx
      .select({ n: count() })
      .from(trainerNotes)
      .where(pairOf(trainerId, trainee));
    if ((held?.n ?? 0) >= MAX_NOTES_PER_TRAINEE) throw new AppError('notesFull');
    const now = deps.clock.now();
    const [row] = await tx
      .insert(trainerNotes)
      .values({
        trainer_id: trainerId,
        trainee_id: trainee,
        body,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('note not stored');
    return toNote(row);
  });
}

function noteKey(trainerId: string, traineeId: string, noteId: string) {
  if (!isId(noteId)) throw new AppError('noteNotFound');
  return and(pairOf(trainerId, traineeId), eq(trainerNotes.id, noteId));
}

/** Rewrites one of the trainer's notes about the trainee. */
export async function updateNote(
  deps: TrainerNotesDeps,
  trainerId: string,
  traineeId: string,
  noteId: string,
  input: NoteInput,
): Promise<Note> {
  const { body } = noteInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const trainee = await traineeOf(tx, trainerId, traineeId, { lock: true });
    const [row] = await tx
      .update(trainerNotes)
      .set({ body, updated_at: deps.clock.now() })
      .where(noteKey(trainerId, trainee, noteId))
      .returning();
    if (!row) throw new AppError('noteNotFound');
    return toNote(row);
  });
}

/** Deletes one of the trainer's notes about the trainee. */
export async function deleteNote(
  deps: TrainerNotesDeps,
  trainerId: string,
  traineeId: string,
  noteId: string,
): Promise<void> {
  const trainee = await traineeOf(deps.db, trainerId, traineeId);
  const deleted = await deps.db
    .delete(trainerNotes)
    .where(noteKey(trainerId, trainee, noteId))
    .returning({ id: trainerNotes.id });
  if (deleted.length === 0) throw new AppError('noteNotFound');
}
