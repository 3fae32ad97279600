/**
 * Personal records (decision 059): a set is a record when it is heavier than every earlier
 * set of the same exercise that had at least one rep. "Earlier" is every earlier session
 * (the API reads their best at once, `bestBefore`) and the sets before it in this session,
 * in the order they were logged. An equal weight is not a record. Without any earlier set
 * (the first session of an exercise) nothing is a record: there is nothing to beat yet.
 */
export interface RecordCandidate {
  exerciseId: string;
  reps: number;
  weight_kg: number;
}

/**
 * Marks the records of one session's sets, given in the order they were logged, and the
 * heaviest earlier-session weight of each exercise (absent: never done before).
 */
export function markRecords(
  sets: readonly RecordCandidate[],
  bestBefore: ReadonlyMap<string, number | null>,
): boolean[] {
  const best = new Map<string, number | null>(bestBefore);
  return sets.map((set) => {
    if (set.reps < 1) return false;
    const before = best.get(set.exerciseId) ?? null;
    // The first session of this exercise sets the mark; it does not beat one.
    if (before === null) return false;
    if (set.weight_kg > before) {
      best.set(set.exerciseId, set.weight_kg);
      return true;
    }
    return false;
  });
}
