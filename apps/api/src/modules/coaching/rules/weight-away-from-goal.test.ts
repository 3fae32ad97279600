import { describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import type { WeightPoint } from '@forja/shared/schemas/metrics';
import { snapshot } from '../../../../test/trainee-snapshot';
import { movedAwayTwoWeeks, weightAwayFromGoal } from './weight-away-from-goal';

const TODAY = '2026-11-20';

/** Trend points on today, a week and two weeks before. */
function points(twoWeeksBefore: number, weekBefore: number, now: number): WeightPoint[] {
  return [
    { date: addDays(TODAY, -14), weight_kg: twoWeeksBefore, trend_kg: twoWeeksBefore },
    { date: addDays(TODAY, -7), weight_kg: weekBefore, trend_kg: weekBefore },
    { date: TODAY, weight_kg: now, trend_kg: now },
  ];
}

/** A weighing a day for `days` days up to today, changing by `perDay` kg. */
function weighings(days: number, perDay: number) {
  return Array.from({ length: days }, (_, index) => ({
    date: addDays(TODAY, index - days + 1),
    weight_kg: 80 + perDay * index,
  }));
}

describe('movedAwayTwoWeeks', () => {
  it('needs each of the two weeks to move away by 0.1 kg or more', () => {
    expect(movedAwayTwoWeeks(points(80, 80.1, 80.2), TODAY, 1)).toBe(true);
    expect(movedAwayTwoWeeks(points(80, 80.09, 80.2), TODAY, 1)).toBe(false);
    expect(movedAwayTwoWeeks(points(80, 80.2, 80.29), TODAY, 1)).toBe(false);
    // For a gain, away is down.
    expect(movedAwayTwoWeeks(points(80.2, 80.1, 80), TODAY, -1)).toBe(true);
    expect(movedAwayTwoWeeks(points(80, 80.1, 80.2), TODAY, -1)).toBe(false);
  });

  it('needs a weighing in the last week and one two weeks back', () => {
    const stale: WeightPoint[] = [
      { date: addDays(TODAY, -21), weight_kg: 80, trend_kg: 80 },
      { date: addDays(TODAY, -14), weight_kg: 80.1, trend_kg: 80.1 },
      { date: addDays(TODAY, -8), weight_kg: 80.2, trend_kg: 80.2 },
    ];
    expect(movedAwayTwoWeeks(stale, TODAY, 1)).toBe(false);
    expect(movedAwayTwoWeeks(points(80, 80.1, 80.2).slice(1), TODAY, 1)).toBe(false);
  });
});

describe('weightAwayFromGoal', () => {
  it('makes an item when the trend has risen for two weeks and the goal is to lose', () => {
    const finding = weightAwayFromGoal(snapshot({ weighings: weighings(60, 0.05) }));
    expect(finding).toMatchObject({
      rule: 'weight_away_from_goal',
      severity: 'high',
      detail: expect.stringMatching(
        /^Su tendencia de peso sube desde hace dos semanas \(\+0,\d kg\) y su objetivo es perder peso$/,
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
