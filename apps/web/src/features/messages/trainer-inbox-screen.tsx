import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card } from '#components/ui/card';
import { focusRing, textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { trainerUnreadQuery } from './messages-api';

const muted = 'text-neutral-700 dark:text-neutral-300';

/** Mensajes, for the trainer: the clients whose messages they have not read yet. */
export function TrainerInboxScreen() {
  const { data, isPending, isError, error } = useQuery(trainerUnreadQuery);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Mensajes</h1>
      <Card title="Sin leer">
        {isPending ? (
          <p className={muted}>Cargando…</p>
        ) : isError ? (
          <p role="alert">{errorMessage(error, 'No pudimos cargar tus mensajes.')}</p>
        ) : data.trainees.length === 0 ? (
          <p className={muted}>
            No tienes mensajes sin leer. Para escribir a un cliente, abre su ficha en{' '}
            <Link to="/trainers/clients" className={textLink}>
              Clientes
            </Link>
            .
          </p>
        ) : (
          <ul className="flex flex-col">
            {data.trainees.map((trainee) => (
              <li
                key={trainee.trainee_id}
                className="border-t border-neutral-200 first:border-t-0 dark:border-neutral-800"
              >
                <Link
                  to="/trainers/clients/$traineeId/messages"
                  params={{ traineeId: trainee.trainee_id }}
                  className={`flex min-h-11 items-center justify-between gap-3 rounded-md py-3 font-medium hover:bg-neutral-50 dark:hover:bg-neutral-900 ${focusRing}`}
                >
                  <span>{`${trainee.first_name} ${trainee.last_name}`.trim()}</span>
                  <span className="rounded-full bg-orange-700 px-2.5 py-0.5 text-sm font-semibold text-white dark:bg-orange-500 dark:text-neutral-950">
                    {trainee.count === 1 ? '1 sin leer' : `${String(trainee.count)} sin leer`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
