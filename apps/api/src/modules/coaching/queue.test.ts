import { describe, expect, it } from 'vitest';
import { snapshot } from '#test/trainee-snapshot';
import { isShown, parseItemId, rankFindings } from './queue';
import type { Finding } from './rules/rule';

const NOW = new Date('2026-11-20T10:00:00.000Z');

function finding(fields: Partial<Finding> = {}): Finding {
  return {
    rule: 'no_food_logged',
    severity: 'high',
    detail: '',
    since: '2026-11-15',
    clipped: false,
    ...fields,
  };
}

describe('parseItemId', () => {
  it('reads <trainee id>:<rule> and refuses anything else', () => {
    expect(parseItemId('abc:no_weigh_in')).toEqual({ traineeId: 'abc', rule: 'no_weigh_in' });
    expect(parseItemId('abc:nothing')).toBeNull();
    expect(parseItemId('abc:no_weigh_in:x')).toBeNull();
    expect(parseItemId(':no_weigh_in')).toBeNull();
  });
});

describe('isShown', () => {
  it('hides an item while snoozed, up to the very moment', () => {
    const until = new Date(NOW.getTime() + 1);
    expect(isShown(finding(), { snoozed_until: until, done_since: null }, NOW)).toBe(false);
    expect(isShown(finding(), { snoozed_until: NOW, done_since: null }, NOW)).toBe(true);
  });

  it('hides a done item while the same situation goes on, and shows it when a new one starts', () => {
    const done = { snoozed_until: null, done_since: '2026-11-15' };
    expect(isShown(finding(), done, NOW)).toBe(false);
    expect(isShown(finding({ since: '2026-11-18' }), done, NOW)).toBe(true);
  });

  it('keeps a clipped situation done when it began no later than what the rule can see', () => {
    const done = { snoozed_until: null, done_since: '2026-11-10' };
    expect(isShown(finding({ since: '2026-11-12', clipped: true }), done, NOW)).toBe(false);
    expect(isShown(finding({ since: '2026-11-12', clipped: false }), done, NOW)).toBe(true);
    expect(isShown(finding({ since: '2026-11-09', clipped: true }), done, NOW)).toBe(true);
  });
});

describe('rankFindings', () => {
  it('puts the most serious first, then what has lasted longest, then the name', () => {
    const marta = snapshot({ id: 'm', first_name: 'Marta', last_name: 'Ruiz' });
    const luis = snapshot({ id: 'l', first_name: 'Luis', last_name: 'Alba' });
    const ranked = rankFindings([
      { trainee: marta, finding: finding({ severity: 'low', since: '2026-01-01' }) },
      { trainee: marta, finding: finding({ severity: 'high', since: '2026-11-10' }) },
      { trainee: luis, finding: finding({ severity: 'high', since: '2026-11-10' }) },
      { trainee: luis, finding: finding({ severity: 'high', since: '2026-11-01' }) },
      { trainee: luis, finding: finding({ severity: 'medium', since: '2026-11-19' }) },
    ]);
    expect(
      ranked.map(({ trainee, finding: f }) => `${trainee.id} ${f.severity} ${f.since}`),
    ).toEqual([
      'l high 2026-11-01',
      'l high 2026-11-10',
      'm high 2026-11-10',
      'l medium 2026-11-19',
      'm low 2026-01-01',
    ]);
  });
});
