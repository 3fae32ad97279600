import { draftKey } from '#lib/drafts';

/**
 * Where a trainer's comment not yet sent is kept, by trainee, day and what it is about
 * (`day`, `meal:<meal>`, `workout:<id>`): the same session's box on Diario and on
 * Entrenamiento shares its draft.
 */
export function commentDraftKey(
  trainerId: string,
  traineeId: string,
  date: string,
  place: string,
): string {
  return draftKey(trainerId, `comment:${traineeId}:${date}:${place}`);
}
