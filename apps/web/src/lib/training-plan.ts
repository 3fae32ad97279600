import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { workoutSchema, type DiaryDay, type Workout } from '@forja/shared/schemas/diary';
import {
  trainingPlanSchema,
  type PlannedSession,
  type Prescription,
} from '@forja/shared/schemas/programs';
import type { MetricSystem } from '@forja/shared/units';
import { formatCardio, formatLoad } from './diary-format';
import { http } from './http';
import { offlineWrite, QUEUED, readAfterWrites, startOffline } from './offline/offline';
import { isTodayQuery } from './query-keys';

/*
 * The session the trainee's program plans on a day, which home and the diary both show and
 * start. Features never import each other, so both take it from here.
 */

export function trainingPlanQuery(date: string) {
  return queryOptions({
    queryKey: ['training-plan', date],
    queryFn: (context) =>
      readAfterWrites(context, () =>
        http.get('/training/plan/', {
          schema: trainingPlanSchema,
          query: { date },
          invalidResponseMessage: 'Ocurrió un error al obtener tu sesión de hoy',
        }),
      ),
  });
}

/**
 * Starts the day's planned session in the diary: the routine's exercises with what the
 * program prescribes. Once a day: starting again answers the session already started.
 * It shows at once, also without signal (decision 077): the session and its exercises carry
 * identifiers chosen here, so sets logged before the API has it follow it in the outbox.
 */
export async function startPlannedSession(
  queryClient: QueryClient,
  date: string,
  { routine }: PlannedSession,
): Promise<void> {
  await startOffline(queryClient);
  const workout: Workout = {
    id: crypto.randomUUID(),
    date,
    name: routine.name,
    routine_id: routine.id,
    exercises: routine.exercises.map(({ exercise, ...prescription }) => ({
      id: crypto.randomUUID(),
      exercise,
      sets: [],
      notes: '',
      last_time: [],
      prescription,
    })),
  };
  await Promise.all([
    queryClient.cancelQueries({ queryKey: ['diary', date] }),
    queryClient.cancelQueries({ queryKey: ['training-plan', date] }),
  ]);
  queryClient.setQueryData<DiaryDay>(['diary', date], (day) =>
    day && !day.workouts.some((shown) => shown.routine_id === routine.id)
      ? { ...day, workouts: [...day.workouts, workout] }
      : day,
  );
  queryClient.setQueryData<PlannedSession | null>(['training-plan', date], (plan) =>
    plan ? { ...plan, workout_id: workout.id } : plan,
  );
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['diary', date] }),
      queryClient.invalidateQueries({ queryKey: ['training-plan', date] }),
      queryClient.invalidateQueries({ predicate: isTodayQuery }),
    ]);
  try {
    const started = await offlineWrite(
      {
        method: 'POST',
        path: '/diary/workouts/',
        body: {
          id: workout.id,
          date,
          routine_id: routine.id,
          exercises: workout.exercises.map((item) => ({
            id: item.id,
            exercise_id: item.exercise.id,
          })),
        },
        op: 'other',
        target: `workout:${workout.id}`,
        label: 'la sesión de entrenamiento',
        dates: [date],
      },
      workoutSchema,
    );
    if (started !== QUEUED) await refresh();
  } catch (error) {
    // What was shown ahead of the API goes.
    await refresh();
    throw error;
  }
}

const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/**
 * "4 × 6-8 · 60 kg · descanso 90 s": sets, reps, load or RPE, rest. The program keeps the
 * load in kg; the trainee reads it in their own unit. Cardio reads "30 min · 5 km · zona 2":
 * time, distance (miles in imperial) and intensity (decision 079).
 */
export function prescriptionText(prescription: Prescription, system: MetricSystem): string {
  if (prescription.reps_min === null || prescription.reps_max === null) {
    const parts = [
      formatCardio(
        {
          duration_s: prescription.duration_min === null ? null : prescription.duration_min * 60,
          distance_m:
            prescription.distance_km === null ? null : Math.round(prescription.distance_km * 1000),
        },
        system,
      ),
    ];
    if (prescription.intensity) parts.push(prescription.intensity);
    return parts.filter(Boolean).join(' · ');
  }
  const reps =
    prescription.reps_min === prescription.reps_max
      ? String(prescription.reps_min)
      : `${String(prescription.reps_min)}-${String(prescription.reps_max)}`;
  const parts = [`${String(prescription.sets)} × ${reps}`];
  if (prescription.load_kg !== null) parts.push(formatLoad(prescription.load_kg, system));
  if (prescription.rpe !== null) parts.push(`RPE ${decimal.format(prescription.rpe)}`);
  parts.push(`descanso ${String(prescription.rest_s)} s`);
  return parts.join(' · ');
}
