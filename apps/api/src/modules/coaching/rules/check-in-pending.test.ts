import { describe, expect, it } from 'vitest';
import { snapshot } from '#test/trainee-snapshot';
import { checkInPending } from './check-in-pending';

describe('check_in_pending', () => {
  it('fires from the day the oldest unanswered check-in was sent', () => {
    const finding = checkInPending(
      snapshot({ pending_check_ins: 1, pending_check_in_since: '2026-11-16' }),
    );
    expect(finding).toEqual({
      rule: 'check_in_pending',
      severity: 'medium',
      detail: 'Ha enviado su revisión semanal y espera tu respuesta',
      since: '2026-11-16',
      clipped: false,
    });
    expect(
      checkInPending(snapshot({ pending_check_ins: 2, pending_check_in_since: '2026-11-09' }))
        ?.detail,
    ).toBe('Tiene 2 revisiones semanales esperando tu respuesta');
  });

  it('is silent with nothing pending or without the area shared', () => {
    expect(checkInPending(snapshot())).toBeNull();
    const shares = { diary: true, training: true, body: true, check_ins: false };
    expect(
      checkInPending(
        snapshot({ shares, pending_check_ins: 1, pending_check_in_since: '2026-11-16' }),
      ),
    ).toBeNull();
  });
});
