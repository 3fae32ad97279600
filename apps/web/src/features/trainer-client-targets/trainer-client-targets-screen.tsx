import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  targetOverrideInputSchema,
  type TargetChange,
  type Targets,
  type TraineeTargets,
} from '@forja/shared/schemas/targets';
import { Card } from '#components/ui/card';
import { BelowFloorConfirmation } from '#components/ui/below-floor-confirmation';
import { TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { errorMessage } from '#lib/api-error';
import { numberInputValue, parseNumberInput } from '#lib/number-input';
import { formatNumber } from '#lib/numbers';
import {
  clearTraineeTargets,
  setTraineeTargets,
  traineeTargetsKey,
  traineeTargetsQuery,
} from './trainer-client-targets-api';
import { WeeklyProposalsCard } from './weekly-proposals-card';

interface FormValues {
  energy_kcal: string;
  protein_g: string;
  fat_g: string;
}

/** An empty protein or fat box leaves it to the formula. */
const optional = (text: string) => (text.trim() === '' ? null : parseNumberInput(text));

/** The form's boxes, read as numbers, checked by the shared schema. */
const formSchema = z.preprocess(
  (values: FormValues) => ({
    energy_kcal: parseNumberInput(values.energy_kcal),
    protein_g: optional(values.protein_g),
    fat_g: optional(values.fat_g),
  }),
  targetOverrideInputSchema,
);

const muted = 'text-sm text-neutral-700 dark:text-neutral-300';

/** Why the formula holds back, as the trainer reads it (decision 063). */
const FORMULA_SAFETY: Partial<Record<Targets['notes'][number], string>> = {
  pregnancy:
    'Ha indicado embarazo: la fórmula no le propone déficit y suma la energía y la proteína de su trimestre.',
  breastfeeding:
    'Ha indicado que da el pecho: la fórmula suma la energía y la proteína de la leche y no baja de 1800 kcal.',
  limited_by_obesity_deficit:
    'Con un índice de masa corporal de 30 o más, la fórmula limita el déficit a 750 kcal al día.',
  under_18: 'Tiene menos de 18 años: la fórmula no le propone déficit.',
  underweight: 'Su índice de masa corporal es inferior a 18,5: la fórmula no le propone déficit.',
  goal_weight_underweight:
    'Su peso objetivo queda por debajo de un índice de masa corporal de 18,5: la fórmula no le da fecha.',
  pace_limited: 'Su ritmo se limita al 1 % de su peso por semana.',
};
const when = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Objetivos, in a trainee's file: the formula's targets beside the trainer's, the weekly
 * adjustment to decide (when the trainee shares their body too: the proposals need the
 * weighings), a form to prescribe the energy (and protein and fat, if wanted) or go back to
 * the formula, and the history of every change.
 */
export function TrainerClientTargetsScreen({
  traineeId,
  reviewsProposals = false,
}: {
  traineeId: string;
  /** Whether the trainer decides the trainee's weekly proposals, and the route read them. */
  reviewsProposals?: boolean;
}) {
  const { data } = useSuspenseQuery(traineeTargetsQuery(traineeId));
  return (
    <div className="flex flex-col gap-4">
      <ComparisonCard data={data} />
      {reviewsProposals ? <WeeklyProposalsCard traineeId={traineeId} /> : null}
      <PrescriptionCard traineeId={traineeId} data={data} />
      <HistoryCard history={data.history} />
    </div>
  );
}

function ComparisonCard({ data }: { data: TraineeTargets }) {
  const formula = data.formula_targets;
  const given = data.targets;
  const override = data.override;
  if (!formula || !given) {
    return (
      <Card title="Objetivos de hoy">
        <p>
          Aún no ha respondido el cuestionario inicial, así que la fórmula no tiene datos. Puedes
          fijarle la energía igualmente.
        </p>
      </Card>
    );
  }
  const rows = [
    {
      label: 'Energía',
      unit: 'kcal',
      formula: formula.energy_kcal,
      given: given.energy_kcal,
      mine: override?.energy_kcal,
    },
    {
      label: 'Proteína',
      unit: 'g',
      formula: formula.protein_g,
      given: given.protein_g,
      mine: override?.protein_g,
    },
    {
      label: 'Grasa',
      unit: 'g',
      formula: formula.fat_g,
      given: given.fat_g,
      mine: override?.fat_g,
    },
    {
      label: 'Carbohidratos',
      unit: 'g',
      formula: formula.carbohydrate_g,
      given: given.carbohydrate_g,
      mine: null,
    },
  ];
  return (
    <Card title="Objetivos de hoy">
      <p className={muted}>
        {override
          ? 'Sigue los objetivos que has fijado; lo que dejas en blanco sale de la fórmula.'
          : 'Sigue los objetivos de la fórmula.'}
      </p>
      <table className="w-full text-left">
        <caption className="sr-only">La fórmula y lo que tiene ahora</caption>
        <thead>
          <tr className={muted}>
            <th scope="col">
              <span className="sr-only">Objetivo</span>
            </th>
            <th scope="col">Fórmula</th>
            <th scope="col">Ahora</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-neutral-200 dark:border-neutral-800">
              <th scope="row" className="py-2 font-medium">
                {row.label}
              </th>
              <td>{`${formatNumber(row.formula)} ${row.unit}`}</td>
              <td className={row.mine != null ? 'font-bold' : undefined}>
                {`${formatNumber(row.given)} ${row.unit}`}
                {row.mine != null ? <span className="sr-only"> (fijado por ti)</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {formula.notes.flatMap((note) => {
        const text = FORMULA_SAFETY[note];
        return text
          ? [
              <p key={note} className={muted}>
                {text}
              </p>,
            ]
          : [];
      })}
      {given.energy_kcal < given.energy_floor_kcal ? (
        <p className={muted}>
          {`La energía está por debajo del mínimo de la fórmula (${formatNumber(given.energy_floor_kcal)} kcal).`}
        </p>
      ) : null}
    </Card>
  );
}

/** Without the trainee's answers the floor is the higher of the two minimums (1500 kcal). */
const FLOOR_WITHOUT_ANSWERS_KCAL = 1500;

type Prescription = z.output<typeof formSchema>;

function PrescriptionCard({ traineeId, data }: { traineeId: string; data: TraineeTargets }) {
  const queryClient = useQueryClient();
  const override = data.override;
  const floor = data.formula_targets?.energy_floor_kcal ?? FLOOR_WITHOUT_ANSWERS_KCAL;
  // An energy below the floor waits here until the trainer confirms it.
  const [belowFloor, setBelowFloor] = useState<Prescription | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      energy_kcal: numberInputValue(override?.energy_kcal),
      protein_g: numberInputValue(override?.protein_g),
      fat_g: numberInputValue(override?.fat_g),
    },
  });
  const answered = (next: TraineeTargets) => {
    queryClient.setQueryData(traineeTargetsKey(traineeId), next);
    reset({
      energy_kcal: numberInputValue(next.override?.energy_kcal),
      protein_g: numberInputValue(next.override?.protein_g),
      fat_g: numberInputValue(next.override?.fat_g),
    });
  };
  const save = useMutation({
    mutationFn: (input: Prescription) => setTraineeTargets(traineeId, input),
    onSuccess: (next) => {
      setBelowFloor(null);
      answered(next);
      notify.success('Objetivos guardados');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos guardar los objetivos. Inténtalo de nuevo.'));
    },
  });
  const clear = useMutation({
    mutationFn: () => clearTraineeTargets(traineeId),
    onSuccess: (next) => {
      answered(next);
      notify.success('Vuelve a tener los objetivos de la fórmula');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos volver a la fórmula. Inténtalo de nuevo.'));
    },
  });
  return (
    <Card title="Fijar objetivos">
      <form
        aria-label="Fijar objetivos"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) =>
          void handleSubmit((input) => {
            if (input.energy_kcal < floor) setBelowFloor(input);
            else save.mutate(input);
          })(event)
        }
      >
        <TextField
          label="Energía (kcal al día)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.energy_kcal?.message}
          {...register('energy_kcal')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Proteína (g, opcional)"
            inputMode="numeric"
            autoComplete="off"
            error={errors.protein_g?.message}
            {...register('protein_g')}
          />
          <TextField
            label="Grasa (g, opcional)"
            inputMode="numeric"
            autoComplete="off"
            error={errors.fat_g?.message}
            {...register('fat_g')}
          />
        </div>
        <p className={muted}>
          Lo que dejes en blanco sale de la fórmula; los carbohidratos son la energía que queda.
        </p>
        {belowFloor ? (
          <BelowFloorConfirmation
            title={`${formatNumber(belowFloor.energy_kcal)} kcal está por debajo del mínimo que le daría la fórmula (${formatNumber(floor)} kcal).`}
            confirmLabel={`Sí, fijar ${formatNumber(belowFloor.energy_kcal)} kcal`}
            pending={save.isPending}
            onConfirm={() => {
              save.mutate({ ...belowFloor, confirm_below_minimum: true });
            }}
            onCancel={() => {
              setBelowFloor(null);
            }}
          >
            <p>
              Ese mínimo es su metabolismo basal, y nunca menos de 1200 kcal para mujeres ni de 1500
              para hombres. Si lo fijas, tu cliente solo verá que has ajustado su objetivo de
              energía.
            </p>
          </BelowFloorConfirmation>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Guardando...' : 'Guardar objetivos'}
          </Button>
          {override ? (
            <Button
              disabled={clear.isPending}
              onClick={() => {
                clear.mutate();
              }}
            >
              {clear.isPending ? 'Volviendo a la fórmula...' : 'Volver a la fórmula'}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function whoOf(change: TargetChange): string {
  if (!change.changed_by) return 'Una cuenta eliminada';
  return `${change.changed_by.first_name} ${change.changed_by.last_name}`.trim();
}

function whatOf(change: TargetChange): string {
  const formula =
    change.formula_energy_kcal === null
      ? ''
      : ` (fórmula: ${formatNumber(change.formula_energy_kcal)} kcal)`;
  if (change.kind === 'cleared') return `Volvió a los objetivos de la fórmula${formula}`;
  if (change.kind === 'approved' || change.kind === 'accepted') {
    const why =
      change.expenditure_kcal === null
        ? formula
        : ` (gasto real: ${formatNumber(change.expenditure_kcal)} kcal)`;
    return `${change.kind === 'approved' ? 'Aprobó' : 'Aceptó'} el ajuste semanal: ${formatNumber(change.energy_kcal ?? 0)} kcal${why}`;
  }
  const parts = [`${formatNumber(change.energy_kcal ?? 0)} kcal`];
  if (change.protein_g !== null) parts.push(`proteína ${formatNumber(change.protein_g)} g`);
  if (change.fat_g !== null) parts.push(`grasa ${formatNumber(change.fat_g)} g`);
  return `Fijó ${parts.join(', ')}${formula}`;
}

function HistoryCard({ history }: { history: TargetChange[] }) {
  return (
    <Card title="Historial de cambios">
      {history.length === 0 ? (
        <p className="text-neutral-700 dark:text-neutral-300">
          Aún no hay cambios: sigue los objetivos de la fórmula desde el principio.
        </p>
      ) : (
        <ol className="flex flex-col" aria-label="Cambios, del más reciente al más antiguo">
          {history.map((change) => (
            <li
              key={change.id}
              className="border-t border-neutral-200 py-2 first:border-t-0 dark:border-neutral-800"
            >
              <p className="font-medium">{whatOf(change)}</p>
              <p className={muted}>
                <time dateTime={change.changed_at.toISOString()}>
                  {when.format(change.changed_at)}
                </time>{' '}
                · {whoOf(change)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
