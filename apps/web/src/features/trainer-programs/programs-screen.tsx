import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { programCreateSchema } from '@forja/shared/schemas/programs';
import { WEEKDAY_INITIALS, WEEKDAY_LABELS, type Weekday } from '@forja/shared/training-plan';
import { cardFrame } from '#components/ui/card';
import { TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { createProgram, programsQuery } from './trainer-programs-api';

const formSchema = programCreateSchema.pick({ name: true });

function count(n: number, one: string, many: string) {
  return `${String(n)} ${n === 1 ? one : many}`;
}

/** Programas: the trainer's programs and a box to start a new one. */
export function ProgramsScreen() {
  const { data: programs } = useSuspenseQuery(programsQuery);
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Programas</h1>
        <p className="text-neutral-700 dark:text-neutral-300">
          Prepara las rutinas de cada día de la semana y asígnalas a tus clientes: verán la sesión
          de cada día en su inicio y en su diario.
        </p>
      </div>
      <NewProgram />
      {programs.length === 0 ? (
        <p className={cardFrame}>Aún no tienes programas. Crea el primero con su nombre.</p>
      ) : (
        <ul aria-label="Tus programas" className="flex flex-col gap-3">
          {programs.map((program) => (
            <li key={program.id}>
              <Link
                to="/trainers/programs/$programId"
                params={{ programId: program.id }}
                className={`flex min-h-11 flex-col gap-1 ${cardFrame} hover:bg-neutral-50 dark:hover:bg-neutral-900 ${focusRing}`}
              >
                <span className="text-lg font-semibold">{program.name}</span>
                <span className="text-sm text-neutral-700 dark:text-neutral-300">
                  {count(program.routines, 'rutina', 'rutinas')} ·{' '}
                  {count(program.trainees, 'cliente', 'clientes')}
                </span>
                {program.weekdays.length > 0 ? (
                  <span
                    className="flex gap-1"
                    aria-label={`Días: ${program.weekdays.map((d) => WEEKDAY_LABELS[d as Weekday].toLowerCase()).join(', ')}`}
                  >
                    {program.weekdays.map((day) => (
                      <span
                        key={day}
                        aria-hidden="true"
                        className="rounded bg-orange-50 px-1.5 text-sm font-semibold text-orange-800 dark:bg-orange-950 dark:text-orange-300"
                      >
                        {WEEKDAY_INITIALS[day as Weekday]}
                      </span>
                    ))}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NewProgram() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { name: '' } });

  const onSubmit = async ({ name }: { name: string }) => {
    try {
      const program = await createProgram(name);
      await queryClient.invalidateQueries({ queryKey: programsQuery.queryKey });
      notify.success('Programa creado');
      await navigate({ to: '/trainers/programs/$programId', params: { programId: program.id } });
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos crear el programa. Inténtalo de nuevo'));
    }
  };

  return (
    <form
      noValidate
      aria-label="Nuevo programa"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <TextField
          label="Nombre del nuevo programa"
          autoComplete="off"
          placeholder="Fuerza 3 días"
          error={errors.name?.message}
          {...register('name')}
        />
      </div>
      <Button variant="primary" type="submit" disabled={isSubmitting} className="sm:mt-8">
        {isSubmitting ? 'Creando...' : 'Crear programa'}
      </Button>
    </form>
  );
}
