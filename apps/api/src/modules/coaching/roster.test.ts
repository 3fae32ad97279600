import { describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import { snapshot } from '#test/trainee-snapshot';
import { figuresOver } from '#trainee-figures/figures';
import { matches, rosterItemOf, sortRoster } from './roster';
import { trendDirection } from './trend-direction';

const TODAY = '2026-11-20';

describe('figuresOver', () => {
  it('counts today and the 6 days before it for 7 days, not the 7th before', () => {
    const trainee = snapshot({
      logged_days: [
        { date: addDays(TODAY, -7), kcal: 2000 },
        { date: addDays(TODAY, -6), kcal: 2000 },
        { date: TODAY, kcal: 2500 },
      ],
      session_days: [addDays(TODAY, -7), addDays(TODAY, -6), TODAY],
      weighings: [
        { date: addDays(TODAY, -7), weight_kg: 80 },
        { date: addDays(TODAY, -6), weight_kg: 80 },
      ],
    });
    expect(figuresOver(trainee, 7)).toEqual({
      days_logged: 2,
      adherence_percent: 50,
      sessions_done: 2,
      sessions_planned: 3,
      weigh_ins: 1,
    });
    expect(figuresOver(trainee, 30)).toMatchObject({
      days_logged: 3,
      adherence_percent: 67,
      sessions_done: 3,
      // 3 a week over 30 days: 12.9, rounded.
      sessions_planned: 13,
      weigh_ins: 2,
    });
  });

  it('gives null for each area the trainee does not share, and no adherence without a target', () => {
    const trainee = snapshot({ logged_days: [{ date: TODAY, kcal: 2000 }] });
    const none = { diary: false, training: false, body: false, check_ins: false };
    expect(figuresOver({ ...trainee, shares: none }, 7)).toEqual({
      days_logged: null,
      adherence_percent: null,
      sessions_done: null,
      sessions_planned: null,
      weigh_ins: null,
    });
    expect(figuresOver({ ...trainee, target_kcal: null }, 7)).toMatchObject({
      days_logged: 1,
      adherence_percent: null,
    });
    expect(
      figuresOver({ ...trainee, training_days_per_week: null }, 7).sessions_planned,
    ).toBeNull();
  });

  it("plans the program's routine days, on or after its start, in place of the onboarding's", () => {
    // 2026-11-20 is a Friday; the last 7 days run Saturday 14 to Friday 20.
    const base = snapshot({ today: '2026-11-20', training_days_per_week: 6 });
    const program = { weekdays: [1, 3, 5], start_date: '2026-10-01' };
    expect(figuresOver({ ...base, program }, 7).sessions_planned).toBe(3);
    // 30 days from Wednesday 22 October: 13 Mondays, Wednesdays and Fridays.
    expect(figuresOver({ ...base, program }, 30).sessions_planned).toBe(13);
    // Started on Wednesday 18: Wednesday and Friday.
    expect(
      figuresOver({ ...base, program: { ...program, start_date: '2026-11-18' } }, 7)
        .sessions_planned,
    ).toBe(2);
    // Starting tomorrow: none yet.
    expect(
      figuresOver({ ...base, program: { ...program, start_date: '2026-11-21' } }, 7)
        .sessions_planned,
    ).toBe(0);
    // Not shared: null, program or not.
    expect(
      figuresOver({ ...base, program, shares: { ...base.shares, training: false } }, 7)
        .sessions_planned,
    ).toBeNull();
  });
});

describe('trendDirection', () => {
  it('is flat under 0.1 kg a week either way, and up or down from 0.1', () => {
    expect(trendDirection(0.1)).toBe('up');
    expect(trendDirection(0.099)).toBe('flat');
    expect(trendDirection(-0.099)).toBe('flat');
    expect(trendDirection(-0.1)).toBe('down');
    expect(trendDirection(null)).toBeNull();
  });
});

describe('rosterItemOf', () => {
  it('gives the trend and weekly rate only with the body area, and the latest shared day', () => {
    const weighings = Array.from({ length: 15 }, (_, index) => ({
      date: addDays(TODAY, index - 14),
      weight_kg: 80 - index * 0.1,
    }));
    const trainee = snapshot({
      weighings,
      last_weigh_in: TODAY,
      last_food_day: addDays(TODAY, -3),
    });
    const item = rosterItemOf(trainee);
    expect(item.trend).toBe('down');
    expect(item.weekly_rate_kg).toBeLessThan(-0.1);
    expect(item.last_activity).toBe(TODAY);
    const hidden = rosterItemOf({ ...trainee, shares: { ...trainee.shares, body: false } });
    expect(hidden).toMatchObject({ trend: null, weekly_rate_kg: null });
  });
});

describe('matches and sortRoster', () => {
  const ana = rosterItemOf(
    snapshot({ id: 'a', first_name: 'Ángela', last_name: 'Núñez', tags: ['Online'] }),
  );
  const bea = rosterItemOf(
    snapshot({
      id: 'b',
      first_name: 'Beatriz',
      last_name: 'Alonso',
      logged_days: [{ date: TODAY, kcal: 2000 }],
    }),
  );
  const carla = rosterItemOf(
    snapshot({
      id: 'c',
      first_name: 'Carla',
      last_name: 'Muñoz',
      logged_days: [{ date: TODAY, kcal: 3000 }],
    }),
  );

  it('searches names without regard to case or accents, and tags likewise', () => {
    expect(matches(ana, 'angela nun', undefined)).toBe(true);
    expect(matches(ana, 'ANGÉLA', undefined)).toBe(true);
    expect(matches(bea, 'angela', undefined)).toBe(false);
    expect(matches(ana, '', 'online')).toBe(true);
    expect(matches(bea, '', 'online')).toBe(false);
  });

  it('sorts by name (last name first) and by a figure, trainees without it last either way', () => {
    expect(sortRoster([ana, bea, carla], 'name', 'asc').map((item) => item.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(sortRoster([ana, bea, carla], 'adherence_7d', 'desc').map((item) => item.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(sortRoster([ana, bea, carla], 'adherence_7d', 'asc').map((item) => item.id)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });
});
