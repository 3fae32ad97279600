import { describe, expect, it } from 'vitest';
import { adherence } from './adherence';

describe('adherence', () => {
  it('counts the logged days within ±10 % of the target, edges included', () => {
    const days = [
      { date: '2026-03-01', kcal: 1800 },
      { date: '2026-03-02', kcal: 2200 },
      { date: '2026-03-03', kcal: 1799 },
      { date: '2026-03-04', kcal: 2201 },
      { date: '2026-03-05', kcal: 2000 },
    ];
    expect(adherence(days, 2000)).toEqual({
      target_kcal: 2000,
      days_logged: 5,
      days_within: 3,
      percent: 60,
    });
  });

  it('has no percentage without a target or without logged days', () => {
    expect(adherence([{ date: '2026-03-01', kcal: 1500 }], null)).toEqual({
      target_kcal: null,
      days_logged: 1,
      days_within: 0,
      percent: null,
    });
    expect(adherence([], 2000)).toEqual({
      target_kcal: 2000,
      days_logged: 0,
      days_within: 0,
      percent: null,
    });
  });
});
