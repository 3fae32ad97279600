import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MetricSystem } from '@forja/shared/units';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import type { PlannedSession } from '@forja/shared/schemas/programs';
import { errorMessage } from '#lib/api-error';
import { prescriptionText, startPlannedSession, trainingPlanQuery } from '#lib/training-plan';

/**
 * The session the trainee's program plans on the day, above the day's training: its
 * exercises with what is prescribed, and "Empezar", which makes it the day's session.
 * Once started, the session itself shows below; this says so and offers nothing twice.
 */
export function PlannedSession({ date, system }: { date: string; system: MetricSystem }) {
  const queryClient = useQueryClient();
  const plan = useQuery(trainingPlanQuery(date));
  const start = useMutation({
    mutationFn: (session: PlannedSession) => startPlannedSession(queryClient, date, session),
    // Without signal it is still started: the outbox keeps it (decision 077).
    networkMode: 'always',
    onSuccess: () => {
      notify.success('Sesión empezada');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos empezar la sesión. Inténtalo de nuevo'));
    },
  });
  const session = plan.data;
  if (!session) return null;
  const { routine } = session;
  return (
    <section
      aria-label={`Sesión planificada: ${routine.name}`}
      className="flex flex-col gap-2 rounded-lg border border-orange-300 bg-orange-50 p-3 dark:border-orange-800 dark:bg-orange-950"
    >
      <p className="text-sm font-medium text-orange-900 dark:text-orange-200">
        Planificada · {session.program.name}
      </p>
      <h3 className="text-lg font-semibold">{routine.name}</h3>
      {session.workout_id ? null : (
        <ol className="flex flex-col gap-1">
          {routine.exercises.map((item, index) => (
            <li key={`${item.exercise.id}-${String(index)}`}>
              <span className="font-medium">{item.exercise.name}</span>
              <span className="block text-sm text-neutral-700 dark:text-neutral-300">
                {prescriptionText(item, system)}
                {item.notes ? ` · ${item.notes}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
      {session.workout_id ? (
        <p className="text-neutral-700 dark:text-neutral-300">Ya la has empezado: está abajo.</p>
      ) : (
        <Button
          variant="primary"
          disabled={start.isPending}
          onClick={() => {
            start.mutate(session);
          }}
          className="self-start"
        >
          {start.isPending ? 'Empezando...' : 'Empezar'}
        </Button>
      )}
    </section>
  );
}
