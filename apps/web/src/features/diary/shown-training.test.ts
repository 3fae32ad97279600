import type { DiaryDay } from '@forja/shared/schemas/diary';
import { describe, expect, it } from 'vitest';
import { aWorkoutId, anEmptyDay, anItemId, someExercises } from '#test/fake-api';
import {
  withExercise,
  withExerciseNotes,
  withoutExercise,
  withoutSet,
  withoutWorkout,
  withSet,
  withSetChanged,
  withWorkout,
} from './shown-training';

const DAY = '2026-03-02';
const { squat, run } = someExercises;
const WORKOUT = aWorkoutId;
const ITEM = anItemId;
const RUN_ITEM = '5b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const SET = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e70';

const empty = () => anEmptyDay(DAY) as DiaryDay;

/** A session of squats with one set, as shown after starting and logging it offline. */
function trained(): DiaryDay {
  let day = withWorkout({ id: WORKOUT, date: DAY, name: '' })(empty());
  day = withExercise(WORKOUT, ITEM, squat)(day);
  return withSet(ITEM, { id: SET, reps: 5, weight_kg: 60, rpe: 8 })(day);
}

describe('a training write shows on the day as the API will show it', () => {
  it('starts a session, adds an exercise and logs a set, each once however often shown', () => {
    let day = trained();
    // Shown again (a retry, a second tab): nothing doubles.
    day = withWorkout({ id: WORKOUT, date: DAY, name: '' })(day);
    day = withExercise(WORKOUT, ITEM, squat)(day);
    day = withSet(ITEM, { id: SET, reps: 5, weight_kg: 60, rpe: 8 })(day);
    expect(day.workouts).toEqual([
      {
        id: WORKOUT,
        date: DAY,
        name: '',
        routine_id: null,
        exercises: [
          {
            id: ITEM,
            exercise: squat,
            sets: [
              {
                id: SET,
                reps: 5,
                weight_kg: 60,
                duration_s: null,
                distance_m: null,
                rpe: 8,
                record: false,
              },
            ],
            notes: '',
            last_time: [],
            prescription: null,
          },
        ],
      },
    ]);
  });

  it('keeps a cardio block as the API does: no reps and no load', () => {
    let day = withExercise(WORKOUT, RUN_ITEM, run)(trained());
    day = withSet(RUN_ITEM, { id: SET, duration_s: 1800, distance_m: null, rpe: null })(day);
    const block = day.workouts[0]?.exercises[1]?.sets[0];
    expect(block).toMatchObject({ reps: 0, weight_kg: 0, duration_s: 1800, distance_m: null });
  });

  it('adds an exercise only to its own session', () => {
    const other = '9a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const day = withExercise(other, RUN_ITEM, run)(trained());
    expect(day).toEqual(trained());
  });

  it('changes a set’s values and keeps its record mark for the API to say again', () => {
    const recorded = trained();
    const set = recorded.workouts[0]?.exercises[0]?.sets[0];
    if (set) set.record = true;
    const day = withSetChanged(SET, { reps: 6, weight_kg: 62.5, rpe: null })(recorded);
    expect(day.workouts[0]?.exercises[0]?.sets).toEqual([
      {
        id: SET,
        reps: 6,
        weight_kg: 62.5,
        duration_s: null,
        distance_m: null,
        rpe: null,
        record: true,
      },
    ]);
  });

  it('writes an exercise’s notes', () => {
    const day = withExerciseNotes(ITEM, 'Rodillas hacia fuera')(trained());
    expect(day.workouts[0]?.exercises[0]?.notes).toBe('Rodillas hacia fuera');
  });

  it('takes away a set, an exercise and a session', () => {
    let day = withoutSet(SET)(trained());
    expect(day.workouts[0]?.exercises[0]?.sets).toEqual([]);
    day = withoutExercise(ITEM)(day);
    expect(day.workouts[0]?.exercises).toEqual([]);
    day = withoutWorkout(WORKOUT)(day);
    expect(day).toEqual(empty());
  });

  it('leaves the rest of the day as it was', () => {
    const before = { ...empty(), water_ml: 500, notes: 'Buen día' };
    const after = withoutWorkout(WORKOUT)(
      withWorkout({ id: WORKOUT, date: DAY, name: '' })(before),
    );
    expect(after).toEqual(before);
  });
});
