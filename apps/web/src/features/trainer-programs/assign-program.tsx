import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { todayIn } from '@forja/shared/calendar';
import type { Program } from '@forja/shared/schemas/programs';
import { localDateSchema } from '@forja/shared/schemas/quantities';
import { Card } from '#components/ui/card';
import { FieldError, TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { RowActions } from '#components/ui/row-actions';
import { Button } from '#components/ui/button';
import { errorMessage } from '#lib/api-error';
import { formatCalendarDay } from '#lib/calendar-day';
import { useDebouncedValue } from '#lib/use-debounced-value';
import {
  assignProgram,
  PROGRAM_TRAINEES_PAGE,
  programQuery,
  programsQuery,
  programTraineesQuery,
  unassignProgram,
} from './trainer-programs-api';

const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());

/** How long the search waits for the trainer to stop typing before it asks the server. */
const SEARCH_PAUSE_MS = 250;

/**
 * Who follows the program, and giving it to more of the trainer's trainees from a day. The
 * list shows a page of the roster by name and a search finds anyone in it (up to 500), so
 * the choice is kept by id while the search changes.
 */
export function AssignProgram({ program }: { program: Program }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const roster = useQuery({ ...programTraineesQuery(q), placeholderData: keepPreviousData });
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(new Map());
  const [start, setStart] = useState(localToday);
  const [dateError, setDateError] = useState<string | undefined>();
  const [choiceError, setChoiceError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const following = new Set(program.trainees.map((t) => t.id));
  const candidates = (roster.data?.items ?? []).filter((t) => !following.has(t.id));
  const hidden = (roster.data?.total ?? 0) - (roster.data?.items.length ?? 0);

  const toggle = (id: string, name: string, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(id, name);
    else next.delete(id);
    setChosen(next);
    setChoiceError(undefined);
  };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: programQuery(program.id).queryKey }),
      queryClient.invalidateQueries({ queryKey: programsQuery.queryKey, exact: true }),
    ]);

  const assign = async () => {
    if (chosen.size === 0) {
      setChoiceError('Elige al menos un cliente');
      return;
    }
    const date = localDateSchema.safeParse(start);
    if (!date.success) {
      setDateError(date.error.issues[0]?.message);
      return;
    }
    setDateError(undefined);
    setPending(true);
    const results = await Promise.allSettled(
      [...chosen.keys()].map((id) =>
        assignProgram(id, { program_id: program.id, start_date: date.data }),
      ),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) notify.error(errorMessage(failed.reason, 'No pudimos asignar el programa a todos'));
    else notify.success(chosen.size === 1 ? 'Programa asignado' : 'Programa asignado a todos');
    setChosen(new Map());
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
      <TextField
        label="Buscar cliente"
        type="search"
        value={search}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => {
          setSearch(event.target.value);
        }}
      />
      {candidates.length === 0 ? (
        <p className="text-neutral-700 dark:text-neutral-300">
          {roster.isPending
            ? 'Cargando tus clientes...'
            : q === ''
              ? 'No hay más clientes a quien asignarlo.'
              : `Ningún otro cliente coincide con «${q}».`}
        </p>
      ) : (
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
                  checked={chosen.has(trainee.id)}
                  onChange={(event) => {
                    toggle(trainee.id, name, event.target.checked);
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
      )}
      {hidden > 0 && (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {`Se muestran los ${PROGRAM_TRAINEES_PAGE} primeros por apellido; busca para encontrar a los otros ${hidden}.`}
        </p>
      )}
      {chosen.size > 0 && (
        <p aria-live="polite">
          {chosen.size === 1
            ? `Elegido: ${[...chosen.values()].join('')}`
            : `Elegidos (${chosen.size}): ${[...chosen.values()].join(', ')}`}
        </p>
      )}
      <FieldError message={choiceError} />
      {candidates.length + chosen.size > 0 && (
        <>
          <TextField
            label="Empieza el"
            type="date"
            value={start}
            error={dateError}
            onChange={(event) => {
              setStart(event.target.value);
            }}
          />
          <Button
            variant="primary"
            disabled={pending}
            className="self-start"
            onClick={() => void assign()}
          >
            {pending ? 'Asignando...' : 'Asignar programa'}
          </Button>
        </>
      )}
    </Card>
  );
}
