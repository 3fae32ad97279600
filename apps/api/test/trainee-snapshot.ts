import type { TraineeSnapshot } from '#trainee-figures/trainee-snapshot';

/** A trainee who shares every area, onboarded, with nothing logged; tests add what they need. */
export function snapshot(fields: Partial<TraineeSnapshot> = {}): TraineeSnapshot {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    first_name: 'Marta',
    last_name: 'Ruiz',
    profile_picture_url: '',
    tags: [],
    today: '2026-11-20',
    linked_on: '2026-10-01',
    shares: { diary: true, training: true, body: true, check_ins: true },
    onboarding_finished: true,
    goal: 'lose',
    training_days_per_week: 3,
    program: null,
    target_kcal: 2000,
    last_food_day: null,
    logged_days: [],
    session_days: [],
    last_session_day: null,
    weighings: [],
    last_weigh_in: null,
    pending_check_ins: 0,
    pending_check_in_since: null,
    pending_proposal: null,
    ...fields,
  };
}
