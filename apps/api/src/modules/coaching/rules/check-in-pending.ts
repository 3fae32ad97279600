import type { Rule } from './rule';

/**
 * A check-in the trainee sent and the trainer has not answered (decision 061): from the day
 * the oldest of them was sent. Answering them all ends it; the next one sent starts anew.
 */
export const checkInPending: Rule = (trainee) => {
  const since = trainee.pending_check_in_since;
  if (!trainee.shares.check_ins || since === null || trainee.pending_check_ins === 0) return null;
  return {
    rule: 'check_in_pending',
    severity: 'medium',
    detail:
      trainee.pending_check_ins === 1
        ? 'Ha enviado su revisión semanal y espera tu respuesta'
        : `Tiene ${trainee.pending_check_ins} revisiones semanales esperando tu respuesta`,
    since,
    clipped: false,
  };
};
