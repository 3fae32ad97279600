import { describe, expect, it } from 'vitest';
import { markRecords } from './records';

const bench = (reps: number, weight_kg: number) => ({ exerciseId: 'bench', reps, weight_kg });

describe('markRecords', () => {
  it('marks a set heavier than the earlier best, and not an equal one', () => {
    const best = new Map([['bench', 60]]);
    expect(markRecords([bench(5, 60), bench(3, 62.5), bench(1, 60.5)], best)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('counts the earlier sets of the same session: the second equal heavy set is not a record', () => {
    const best = new Map([['bench', 60]]);
    expect(markRecords([bench(3, 65), bench(3, 65), bench(1, 67.5)], best)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('marks nothing the first time an exercise is done', () => {
    expect(markRecords([bench(10, 40), bench(8, 50)], new Map())).toEqual([false, false]);
    expect(markRecords([bench(10, 40)], new Map([['bench', null]]))).toEqual([false]);
  });

  it('keeps each exercise to its own best', () => {
    const best = new Map([
      ['bench', 60],
      ['squat', 100],
    ]);
    const sets = [bench(5, 70), { exerciseId: 'squat', reps: 5, weight_kg: 90 }];
    expect(markRecords(sets, best)).toEqual([true, false]);
  });

  it('never marks a set without reps', () => {
    expect(markRecords([bench(0, 100)], new Map([['bench', 60]]))).toEqual([false]);
  });

  it('does not mark a bodyweight set: 0 kg never beats a best of 0 kg', () => {
    expect(markRecords([bench(20, 0)], new Map([['bench', 0]]))).toEqual([false]);
  });
});
