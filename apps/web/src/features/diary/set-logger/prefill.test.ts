import { describe, expect, it } from 'vitest';
import { prefillSets } from './prefill';

const logged = (reps: number, weight_kg: number) => ({
  id: crypto.randomUUID(),
  reps,
  weight_kg,
  rpe: null,
  record: false,
});
const before = (reps: number, weight_kg: number, rpe: number | null = null) => ({
  reps,
  weight_kg,
  rpe,
});

describe('prefillSets', () => {
  it('offers last time’s sets, values included, before any set is logged; not its RPE', () => {
    const lastTime = [before(10, 40, 8), before(8, 45)];
    expect(prefillSets({ sets: [] }, lastTime)).toEqual([
      { reps: 10, weight_kg: 40, rpe: null, previous: lastTime[0] },
      { reps: 8, weight_kg: 45, rpe: null, previous: lastTime[1] },
    ]);
  });

  it('offers only the sets of last time not yet logged today', () => {
    const lastTime = [before(10, 40), before(8, 45), before(6, 50)];
    expect(prefillSets({ sets: [logged(10, 42.5)] }, lastTime)).toEqual([
      { reps: 8, weight_kg: 45, rpe: null, previous: lastTime[1] },
      { reps: 6, weight_kg: 50, rpe: null, previous: lastTime[2] },
    ]);
  });

  it('offers one more like the last set logged once last time is done', () => {
    const lastTime = [before(10, 40)];
    expect(prefillSets({ sets: [logged(10, 40), logged(9, 42.5)] }, lastTime)).toEqual([
      { reps: 9, weight_kg: 42.5, rpe: null, previous: null },
    ]);
  });

  it('offers one empty row the first time an exercise is done', () => {
    expect(prefillSets({ sets: [] }, [])).toEqual([
      { reps: null, weight_kg: null, rpe: null, previous: null },
    ]);
  });
});
