import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { workoutSchema } from '@forja/shared/schemas/diary';
import { trainingPlanSchema, type Prescription } from '@forja/shared/schemas/programs';
import type { MetricSystem } from '@forja/shared/units';
import { formatCardio, formatLoad } from './diary-format';
import { http } from './http';
import { isTodayQuery } from './query-keys';

/*
 * The session the trainee's program plans on a day, which home and the diary both show and
 * start. Features never import each other, so both take it from here.
 */

export function trainingPlanQuery(date: string) {
  return queryOptions({
    queryKey: ['training-plan', date],
    queryFn: () =>
      http.get('/training/plan/', {
        schema: trainingPlanSchema,
        query: { date },
        invalidResponseMessage: 'Ocurrió un error al obtener tu sesión de hoy',
      }),
  });
}

/**
 * Starts the day's planned session in the diary: the routine's exercises with what the
 * program prescribes. Once a day: starting again answers the session already started.
 */
export async function startPlannedSession(
  queryClient: QueryClient,
  date: string,
  routineId: string,
) {
  const workout = await http.post('/diary/workouts/', {
    schema: workoutSchema,
    body: { date, routine_id: routineId },
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['diary', date] }),
    queryClient.invalidateQueries({ queryKey: ['training-plan', date] }),
    queryClient.invalidateQueries({ predicate: isTodayQuery }),
  ]);
  return workout;
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
