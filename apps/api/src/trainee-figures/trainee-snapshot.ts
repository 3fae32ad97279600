import type { Goal } from '@forja/shared/schemas/onboarding';
import type { WeightEntry } from '@forja/shared/schemas/metrics';

/**
 * Days of weighings read for the trend. Its smoothing forgets older ones: what the first
 * weighing read weighs in the trend two weeks ago is 0.9^42, about 1 %.
 */
export const WEIGHING_DAYS = 56;
/** Logged days read for adherence: the 30-day figures and the queue's 7-day windows. */
export const LOGGED_DAYS = 30;
/** Calendar days of sessions read: the 30-day figures and this week. */
export const SESSION_DAYS = 30;

/**
 * What the roster and the Hoy queue know of one trainee, as of `today` in the trainee's time
 * zone. What an area the trainee does not share would show is empty (null or no rows): it
 * is never read.
 */
export interface TraineeSnapshot {
  id: string;
  first_name: string;
  last_name: string;
  profile_picture_url: string;
  tags: string[];
  today: string;
  /** The day the link began, in the trainee's time zone. */
  linked_on: string;
  shares: { diary: boolean; training: boolean; body: boolean; check_ins: boolean };
  onboarding_finished: boolean;
  goal: Goal | null;
  training_days_per_week: number | null;
  /**
   * The program the trainer gave the trainee (decision 058): its weekdays with a routine and
   * the day it starts. When set, it plans the sessions in place of the training days.
   */
  program: { weekdays: number[]; start_date: string } | null;
  /** The daily energy target (the trainer's override or the formula's); null until known. */
  target_kcal: number | null;
  /** Diary: the latest day with food, on or before today. */
  last_food_day: string | null;
  /** Diary: the last LOGGED_DAYS days with food, on or before today, oldest first. */
  logged_days: { date: string; kcal: number }[];
  /** Training: days with a session in the last SESSION_DAYS days, oldest first. */
  session_days: string[];
  last_session_day: string | null;
  /** Body: weighings of the last WEIGHING_DAYS days, oldest first. */
  weighings: WeightEntry[];
  last_weigh_in: string | null;
  /**
   * Check-ins: the check-ins sent to this trainer and not answered yet, and the day the
   * oldest of them was sent (decision 061); 0 and null without the area shared.
   */
  pending_check_ins: number;
  pending_check_in_since: string | null;
  /**
   * The weekly proposal of a new energy target waiting for the trainer (decision 066); null
   * without one, or without both the body and the diary shared.
   */
  pending_proposal: PendingProposal | null;
}

export interface PendingProposal {
  id: string;
  /** YYYY-MM-DD: the day it was made, in the trainee's time zone. */
  made_on: string;
  current_energy_kcal: number;
  proposed_energy_kcal: number;
  expenditure_kcal: number;
}
