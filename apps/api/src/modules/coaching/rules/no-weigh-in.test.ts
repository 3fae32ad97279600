import { describe, expect, it } from 'vitest';
import { snapshot } from '#test/trainee-snapshot';
import { noWeighIn } from './no-weigh-in';

describe('noWeighIn', () => {
  it('makes an item after exactly ten whole days without a weighing, not nine', () => {
    expect(noWeighIn(snapshot({ last_weigh_in: '2026-11-09' }))).toMatchObject({
      rule: 'no_weigh_in',
      severity: 'low',
      since: '2026-11-10',
      detail: 'Lleva 10 días sin pesarse',
    });
    expect(noWeighIn(snapshot({ last_weigh_in: '2026-11-10' }))).toBeNull();
  });

  it('counts from the link when there was never a weighing', () => {
    expect(noWeighIn(snapshot({ linked_on: '2026-11-01' }))).toMatchObject({
      since: '2026-11-01',
      detail: 'No se ha pesado desde que empezó contigo, hace 19 días',
    });
  });

  it('says nothing without the body area', () => {
    const trainee = snapshot();
    expect(noWeighIn({ ...trainee, shares: { ...trainee.shares, body: false } })).toBeNull();
  });
});
