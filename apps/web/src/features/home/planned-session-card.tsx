import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Card } from '#components/ui/card';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { secondaryButton } from '#components/ui/styles';
import type { PlannedSession } from '@forja/shared/schemas/programs';
import { errorMessage } from '#lib/api-error';
import { startPlannedSession, trainingPlanQuery } from '#lib/training-plan';

/**
 * Today's session of the trainee's program, when it plans one: the routine, how many
 * exercises, and "Empezar", which starts it in the diary. Nothing on a rest day.
 */
export function PlannedSessionCard({ date }: { date: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const plan = useQuery(trainingPlanQuery(date));
  const start = useMutation({
    mutationFn: (session: PlannedSession) => startPlannedSession(queryClient, date, session),
    // Without signal it is still started: the outbox keeps it (decision 077).
    networkMode: 'always',
    onSuccess: () => navigate({ to: '/users/diary', search: { date } }),
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos empezar la sesión. Inténtalo de nuevo'));
    },
  });
  const session = plan.data;
  if (!session) return null;
  const count = session.routine.exercises.length;
  return (
    <Card title="Tu sesión de hoy">
      <p className="text-2xl font-bold">{session.routine.name}</p>
      <p className="text-neutral-700 dark:text-neutral-300">
        {count} {count === 1 ? 'ejercicio' : 'ejercicios'} · {session.program.name}
      </p>
      {session.workout_id ? (
        <Link to="/users/diary" search={{ date }} className={`${secondaryButton} self-start`}>
          Ver en el diario
        </Link>
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
    </Card>
  );
}
