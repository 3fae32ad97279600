import { describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import { snapshot } from '#test/trainee-snapshot';
import { isLowAdherence, lowAdherence } from './low-adherence';

const TODAY = '2026-11-20';
const IN = 2000;
const OUT = 2500;

/** Logged days ending yesterday, one a day, oldest first, with these energies. */
function days(kcals: number[], end = addDays(TODAY, -1)) {
  return kcals.map((kcal, index) => ({ date: addDays(end, index - kcals.length + 1), kcal }));
}

describe('isLowAdherence', () => {
  it('is under 70 %, unrounded: 69.9 % is low, 70 % is not', () => {
    expect(isLowAdherence(699, 1000)).toBe(true);
    expect(isLowAdherence(700, 1000)).toBe(false);
    expect(isLowAdherence(0, 0)).toBe(false);
  });
});

describe('lowAdherence', () => {
  it('makes an item with 4 of the last 7 logged days within the target, not with 5', () => {
    const four = lowAdherence(snapshot({ logged_days: days([IN, IN, IN, IN, OUT, OUT, OUT]) }));
    expect(four).toMatchObject({
      rule: 'low_adherence',
      severity: 'medium',
      detail:
        'Adherencia energética del 57 % en sus últimos 7 días registrados: 4 dentro del objetivo de 2000 kcal',
    });
    expect(
      lowAdherence(snapshot({ logged_days: days([IN, IN, IN, IN, IN, OUT, OUT]) })),
    ).toBeNull();
  });

  it('takes ±10 % of the target as within, edges included', () => {
    const edges = [1800, 2200, 1800, 2200, 2000, OUT, OUT];
    expect(lowAdherence(snapshot({ logged_days: days(edges) }))).toBeNull();
    const justOut = [1799, 2201, 1800, 2200, 2000, OUT, OUT];
    expect(lowAdherence(snapshot({ logged_days: days(justOut) }))).not.toBeNull();
  });

  it('judges only seven logged days or more, and only when the latest is within a week', () => {
    expect(
      lowAdherence(snapshot({ logged_days: days([OUT, OUT, OUT, OUT, OUT, OUT]) })),
    ).toBeNull();
    const bad = [OUT, OUT, OUT, OUT, OUT, OUT, OUT];
    expect(lowAdherence(snapshot({ logged_days: days(bad, addDays(TODAY, -7)) }))).not.toBeNull();
    expect(lowAdherence(snapshot({ logged_days: days(bad, addDays(TODAY, -8)) }))).toBeNull();
  });

  it('dates the situation from the first logged day its window fell under 70 %', () => {
    // Windows ending on the 7th and 8th logged days hold 5 and 4 within: low from the 8th.
    const logged = days([IN, IN, IN, IN, IN, OUT, OUT, OUT, OUT]);
    const finding = lowAdherence(snapshot({ logged_days: logged }));
    expect(finding).toMatchObject({ since: logged[7]?.date, clipped: false });
  });

  it('is clipped when low over every window it can judge', () => {
    const logged = days(Array.from({ length: 10 }, () => OUT));
    expect(lowAdherence(snapshot({ logged_days: logged }))).toMatchObject({
      since: logged[6]?.date,
      clipped: true,
    });
  });

  it('says nothing without the diary area or without a target', () => {
    const trainee = snapshot({ logged_days: days([OUT, OUT, OUT, OUT, OUT, OUT, OUT]) });
    expect(lowAdherence({ ...trainee, shares: { ...trainee.shares, diary: false } })).toBeNull();
    expect(lowAdherence({ ...trainee, target_kcal: null })).toBeNull();
  });
});
