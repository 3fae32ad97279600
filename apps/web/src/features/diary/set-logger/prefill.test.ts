import { describe, expect, it } from 'vitest';
import { aCardioPrescription } from '#test/fake-api';
import { prefillSets } from './prefill';

const noCardio = { duration_s: null, distance_m: null };

const logged = (reps: number, weight_kg: number) => ({
  id: crypto.randomUUID(),
  reps,
  weight_kg,
  duration_s: null,
  distance_m: null,
  rpe: null,
  record: false,
});
const before = (reps: number, weight_kg: number, rpe: number | null = null) => ({
  reps,
  weight_kg,
  duration_s: null,
  distance_m: null,
  rpe,
});

describe('prefillSets', () => {
  it('offers last time’s sets, values included, before any set is logged; not its RPE', () => {
    const lastTime = [before(10, 40, 8), before(8, 45)];
    expect(prefillSets({ sets: [] }, lastTime)).toEqual([
      { reps: 10, weight_kg: 40, ...noCardio, rpe: null, previous: lastTime[0] },
      { reps: 8, weight_kg: 45, ...noCardio, rpe: null, previous: lastTime[1] },
    ]);
  });

  it('offers only the sets of last time not yet logged today', () => {
    const lastTime = [before(10, 40), before(8, 45), before(6, 50)];
    expect(prefillSets({ sets: [logged(10, 42.5)] }, lastTime)).toEqual([
      { reps: 8, weight_kg: 45, ...noCardio, rpe: null, previous: lastTime[1] },
      { reps: 6, weight_kg: 50, ...noCardio, rpe: null, previous: lastTime[2] },
    ]);
  });

  it('offers one more like the last set logged once last time is done', () => {
    const lastTime = [before(10, 40)];
    expect(prefillSets({ sets: [logged(10, 40), logged(9, 42.5)] }, lastTime)).toEqual([
      { reps: 9, weight_kg: 42.5, ...noCardio, rpe: null, previous: null },
    ]);
  });

  it('offers one empty row the first time an exercise is done', () => {
    expect(prefillSets({ sets: [] }, [])).toEqual([
      { reps: null, weight_kg: null, ...noCardio, rpe: null, previous: null },
    ]);
  });

  describe('with a program’s prescription', () => {
    const prescription = {
      sets: 3,
      reps_min: 8,
      reps_max: 12,
      load_kg: 60,
      rpe: 8,
      rest_s: 120,
      notes: '',
      duration_min: null,
      distance_km: null,
      intensity: '',
    };

    it('offers the prescribed sets: the range’s top, the prescribed load and RPE, the first time', () => {
      expect(prefillSets({ sets: [], prescription }, [])).toEqual([
        { reps: 12, weight_kg: 60, ...noCardio, rpe: 8, previous: null },
        { reps: 12, weight_kg: 60, ...noCardio, rpe: 8, previous: null },
        { reps: 12, weight_kg: 60, ...noCardio, rpe: 8, previous: null },
      ]);
    });

    it('keeps last time’s load and its reps within the range, for the sets still to do', () => {
      const lastTime = [before(14, 62.5), before(6, 62.5)];
      expect(prefillSets({ sets: [logged(12, 62.5)], prescription }, lastTime)).toEqual([
        { reps: 8, weight_kg: 62.5, ...noCardio, rpe: 8, previous: lastTime[1] },
        { reps: 12, weight_kg: 60, ...noCardio, rpe: 8, previous: null },
      ]);
    });

    it('leaves out an RPE a set cannot carry, and a load that was not prescribed', () => {
      const light = { ...prescription, sets: 1, load_kg: null, rpe: 5 };
      expect(prefillSets({ sets: [], prescription: light }, [])).toEqual([
        { reps: 12, weight_kg: null, ...noCardio, rpe: null, previous: null },
      ]);
    });

    it('goes on like the last set once the prescribed sets are done', () => {
      const done = [logged(12, 60), logged(11, 60), logged(10, 60)];
      expect(prefillSets({ sets: done, prescription }, [])).toEqual([
        { reps: 10, weight_kg: 60, ...noCardio, rpe: null, previous: null },
      ]);
    });
  });
});

describe('prefillSets for cardio', () => {
  it('offers last time’s time and distance', () => {
    const lastTime = [{ reps: 0, weight_kg: 0, duration_s: 1800, distance_m: 5000, rpe: 7 }];
    expect(prefillSets({ sets: [] }, lastTime)).toEqual([
      {
        reps: 0,
        weight_kg: 0,
        duration_s: 1800,
        distance_m: 5000,
        rpe: null,
        previous: lastTime[0],
      },
    ]);
  });

  it('offers the prescribed time and distance as one block, last time beside it', () => {
    const lastTime = [{ reps: 0, weight_kg: 0, duration_s: 1860, distance_m: 5200, rpe: null }];
    const prescription = { ...aCardioPrescription, distance_km: 5.5 };
    expect(prefillSets({ sets: [], prescription }, lastTime)).toEqual([
      {
        reps: null,
        weight_kg: null,
        duration_s: 1800,
        distance_m: 5500,
        rpe: null,
        previous: lastTime[0],
      },
    ]);
    // Only a time prescribed: the distance is left to type.
    expect(
      prefillSets({ sets: [], prescription: { ...prescription, distance_km: null } }, []),
    ).toEqual([
      {
        reps: null,
        weight_kg: null,
        duration_s: 1800,
        distance_m: null,
        rpe: null,
        previous: null,
      },
    ]);
  });
});
