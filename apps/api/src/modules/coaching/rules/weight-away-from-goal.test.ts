import { describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import { snapshot } from '#test/trainee-snapshot';
import { rateAwayOn, weightAwayFromGoal } from './weight-away-from-goal';

const TODAY = '2026-11-20';

/** A weighing a day for `days` days up to today, changing by `perDay` kg. */
function weighings(days: number, perDay: number) {
  return Array.from({ length: days }, (_, index) => ({
    date: addDays(TODAY, index - days + 1),
    weight_kg: 80 + perDay * index,
  }));
}

describe('rateAwayOn', () => {
  it('is the weekly rate on that day, signed away from the goal', () => {
    // 0.02 kg a day for 20 days is +0.14 kg a week: away when losing, towards when gaining.
    expect(rateAwayOn(weighings(20, 0.02), TODAY, 1)).toBeCloseTo(0.14, 10);
    expect(rateAwayOn(weighings(20, 0.02), TODAY, -1)).toBeCloseTo(-0.14, 10);
    // Ten days before today it still had only 10 days of weighings: no rate yet.
    expect(rateAwayOn(weighings(20, 0.02), addDays(TODAY, -10), 1)).toBeNull();
  });

  it('needs a weighing in the week up to that day', () => {
    const stale = weighings(30, 0.05).filter((entry) => entry.date < addDays(TODAY, -6));
    expect(rateAwayOn(stale, TODAY, 1)).toBeNull();
    expect(rateAwayOn(stale, addDays(TODAY, -1), 1)).toBeCloseTo(0.35, 10);
  });
});

describe('weightAwayFromGoal', () => {
  it('makes an item when the trend has risen for two weeks and the goal is to lose', () => {
    const finding = weightAwayFromGoal(snapshot({ weighings: weighings(60, 0.05) }));
    expect(finding).toMatchObject({
      rule: 'weight_away_from_goal',
      severity: 'high',
      detail: expect.stringMatching(
        /^Su peso sube desde hace al menos dos semanas \(\+0,\d kg\/semana\) y su objetivo es perder peso$/,
      ) as string,
      clipped: true,
    });
  });

  it('makes an item when falling and the goal is to gain; none when maintaining', () => {
    expect(
      weightAwayFromGoal(snapshot({ goal: 'gain', weighings: weighings(60, -0.05) })),
    ).toMatchObject({ detail: expect.stringContaining('baja') as string });
    expect(
      weightAwayFromGoal(snapshot({ goal: 'maintain', weighings: weighings(60, 0.05) })),
    ).toBeNull();
  });

  it('says nothing when the trend goes towards the goal or stays flat', () => {
    expect(weightAwayFromGoal(snapshot({ weighings: weighings(60, -0.05) }))).toBeNull();
    expect(weightAwayFromGoal(snapshot({ weighings: weighings(60, 0) }))).toBeNull();
  });

  it('dates the drift two weeks before the first day it was seen', () => {
    // Flat for 40 days, then rising 0.1 kg a day for 20.
    const flat = weighings(60, 0).map((entry, index) => ({
      ...entry,
      weight_kg: index < 40 ? 80 : 80 + 0.1 * (index - 39),
    }));
    const finding = weightAwayFromGoal(snapshot({ weighings: flat }));
    expect(finding?.clipped).toBe(false);
    expect(finding && finding.since > addDays(TODAY, -20 - 14)).toBe(true);
  });

  it('says nothing without the body area', () => {
    const trainee = snapshot({ weighings: weighings(60, 0.05) });
    expect(
      weightAwayFromGoal({ ...trainee, shares: { ...trainee.shares, body: false } }),
    ).toBeNull();
  });
});
