import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { todayIn } from '@forja/shared/calendar';
import type { Program } from '@forja/shared/schemas/programs';
import { localDateSchema } from '@forja/shared/schemas/quantities';
import { Card } from '../../components/ui/card';
import { FieldError } from '../../components/ui/form-field';
import { notify } from '../../components/ui/notifications';
import { RowActions } from '../../components/ui/row-actions';
import { fieldControl, primaryButton } from '../../components/ui/styles';
import { errorMessage } from '../../lib/api-error';
import { formatCalendarDay } from '../../lib/calendar-day';
import {
  assignProgram,
  programQuery,
  programsQuery,
  programTraineesQuery,
  unassignProgram,
} from './trainer-programs-api';

const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());

/** Who follows the program, and giving it to more of the trainer's trainees from a day. */
export function AssignProgram({ program }: { program: Program }) {
  const queryClient = useQueryClient();
  const roster = useQuery(programTraineesQuery);
  const dateId = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [start, setStart] = useState(localToday);
  const [dateError, setDateError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const following = new Set(program.trainees.map((t) => t.id));
  const candidates = (roster.data?.items ?? []).filter((t) => !following.has(t.id));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: programQuery(program.id).queryKey }),
      queryClient.invalidateQueries({ queryKey: programsQuery.queryKey, exact: true }),
    ]);

  const assign = async () => {
    const date = localDateSchema.safeParse(start);
    if (!date.success) {
      setDateError(date.error.issues[0]?.message);
      return;
    }
    setDateError(undefined);
    setPending(true);
    const results = await Promise.allSettled(
      chosen.map((id) => assignProgram(id, { program_id: program.id, start_date: date.data })),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) notify.error(errorMessage(failed.reason, 'No pudimos asignar el programa a todos'));
    else notify.success(chosen.length === 1 ? 'Programa asignado' : 'Programa asignado a todos');
    setChosen([]);
    setPending(false);
    await refresh();
  };

  const remove = async (id: string) => {
    try {
      await unassignProgram(id);
      notify.success('Programa quitado');
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos quitar el programa. Inténtalo de nuevo'));
    }
    await refresh();
  };

  return (
    <Card title="Clientes con este programa">
      {program.trainees.length === 0 ? (
        <p>Nadie lo sigue todavía.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {program.trainees.map((trainee) => {
            const name = `${trainee.first_name} ${trainee.last_name}`;
            return (
              <li key={trainee.id} className="flex items-center justify-between gap-2">
                <span>
                  {name}
                  <span className="block text-sm text-neutral-600 dark:text-neutral-300">
                    Desde el{' '}
                    {formatCalendarDay(trainee.starts_on, { day: 'numeric', month: 'long' })}
                  </span>
                </span>
                <RowActions
                  actions={[
                    {
                      text: 'Quitar',
                      label: `Quitar el programa a ${name}`,
                      onClick: () => void remove(trainee.id),
                    },
                  ]}
                />
              </li>
            );
          })}
        </ul>
      )}
      <h3 className="text-lg font-semibold">Asignar a clientes</h3>
      {candidates.length === 0 ? (
        <p className="text-neutral-700 dark:text-neutral-300">
          {roster.isPending ? 'Cargando tus clientes...' : 'No hay más clientes a quien asignarlo.'}
        </p>
      ) : (
        <>
          <fieldset className="flex flex-col gap-1">
            <legend className="sr-only">Clientes</legend>
            {candidates.map((trainee) => {
              const name = `${trainee.first_name} ${trainee.last_name}`;
              const shares = trainee.shares.training;
              return (
                <label key={trainee.id} className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    disabled={!shares}
                    checked={chosen.includes(trainee.id)}
                    onChange={(event) => {
                      setChosen(
                        event.target.checked
                          ? [...chosen, trainee.id]
                          : chosen.filter((id) => id !== trainee.id),
                      );
                    }}
                    className="size-5 accent-orange-700"
                  />
                  <span>
                    {name}
                    {shares ? null : (
                      <span className="block text-sm text-neutral-600 dark:text-neutral-300">
                        No comparte su entrenamiento contigo
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={dateId} className="font-medium">
              Empieza el
            </label>
            <input
              id={dateId}
              type="date"
              value={start}
              aria-invalid={dateError ? true : undefined}
              onChange={(event) => {
                setStart(event.target.value);
              }}
              className={fieldControl}
            />
            <FieldError message={dateError} />
          </div>
          <button
            type="button"
            disabled={pending || chosen.length === 0}
            className={`${primaryButton} self-start`}
            onClick={() => void assign()}
          >
            {pending ? 'Asignando...' : 'Asignar programa'}
          </button>
        </>
      )}
    </Card>
  );
}
