import { describe, expect, it } from 'vitest';
import { snapshot } from '#test/trainee-snapshot';
import { mondayOf, sessionsMissed } from './sessions-missed';

// 2026-11-16 is a Monday; 2026-11-22 a Sunday.
describe('mondayOf', () => {
  it('gives the Monday of the week, Sunday belonging to the week before it', () => {
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });
});

describe('sessionsMissed', () => {
  it('makes an item once the week can no longer reach the planned days', () => {
    // Friday with nothing done: Friday, Saturday and Sunday still reach 3.
    expect(sessionsMissed(snapshot({ today: '2026-11-20', training_days_per_week: 3 }))).toBeNull();
    // Saturday with nothing done: 2 possible out of 3.
    expect(
      sessionsMissed(snapshot({ today: '2026-11-21', training_days_per_week: 3 })),
    ).toMatchObject({
      rule: 'sessions_missed',
      severity: 'medium',
      since: '2026-11-16',
      detail:
        'Esta semana lleva 0 de 3 sesiones: aunque entrene todos los días que quedan, le faltará 1',
    });
  });

  it('counts a session today as done and today as no longer free', () => {
    const trained = { today: '2026-11-22', training_days_per_week: 3 };
    expect(
      sessionsMissed(snapshot({ ...trained, session_days: ['2026-11-18', '2026-11-22'] })),
    ).toMatchObject({ detail: expect.stringContaining('le faltará 1') as string });
    expect(
      sessionsMissed(
        snapshot({ ...trained, session_days: ['2026-11-16', '2026-11-18', '2026-11-22'] }),
      ),
    ).toBeNull();
    expect(
      sessionsMissed(snapshot({ ...trained, session_days: ['2026-11-16', '2026-11-18'] })),
    ).toBeNull();
  });

  it('ignores sessions of the week before', () => {
    const finding = sessionsMissed(
      snapshot({
        today: '2026-11-22',
        training_days_per_week: 3,
        session_days: ['2026-11-13', '2026-11-14', '2026-11-15'],
      }),
    );
    expect(finding).toMatchObject({ detail: expect.stringContaining('le faltarán 2') as string });
  });

  it('says nothing without the training area or training days', () => {
    const trainee = snapshot({ today: '2026-11-22' });
    expect(
      sessionsMissed({ ...trainee, shares: { ...trainee.shares, training: false } }),
    ).toBeNull();
    expect(sessionsMissed({ ...trainee, training_days_per_week: null })).toBeNull();
    expect(sessionsMissed({ ...trainee, training_days_per_week: 0 })).toBeNull();
  });
});

describe('sessionsMissed with a program', () => {
  // Monday, Wednesday and Friday; the onboarding's 6 days no longer count.
  const program = { weekdays: [1, 3, 5], start_date: '2026-11-01' };

  it("counts the program's days of the week in place of the onboarding's", () => {
    // Saturday with nothing done: Saturday and Sunday give 2 of the program's 3.
    expect(
      sessionsMissed(snapshot({ today: '2026-11-21', training_days_per_week: 6, program })),
    ).toMatchObject({ detail: expect.stringContaining('0 de 3 sesiones') as string });
    // Friday with nothing done: 3 days left reach 3; with 6 planned days they would not.
    expect(
      sessionsMissed(snapshot({ today: '2026-11-20', training_days_per_week: 6, program })),
    ).toBeNull();
  });

  it('counts only the days on or after its start', () => {
    // Started on Wednesday: Wednesday and Friday are planned, so Saturday still reaches 2.
    const started = { ...program, start_date: '2026-11-18' };
    expect(sessionsMissed(snapshot({ today: '2026-11-21', program: started }))).toBeNull();
    // Started on Sunday, after the Friday: nothing is planned this week.
    const later = { ...program, start_date: '2026-11-22' };
    expect(sessionsMissed(snapshot({ today: '2026-11-22', program: later }))).toBeNull();
    // Starting next week: nothing this week, even with the onboarding's days.
    const next = { ...program, start_date: '2026-11-23' };
    expect(
      sessionsMissed(snapshot({ today: '2026-11-22', training_days_per_week: 7, program: next })),
    ).toBeNull();
  });
});
