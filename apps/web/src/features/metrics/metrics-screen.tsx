import {
  useMutation,
  useQueryClient,
  useSuspenseQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { positiveNumber } from '@forja/shared/schemas/common';
import { localDateSchema } from '@forja/shared/schemas/quantities';
import { notify } from '#components/ui/notifications';
import { validationMessages as m } from '@forja/shared/schemas/messages';
import {
  MAX_MEASUREMENT_CM,
  MAX_WEIGHT_KG,
  MEASUREMENT_FIELDS,
  MEASUREMENT_LABELS,
  MEASUREMENT_SITES,
  measurementInputSchema,
  MIN_WEIGHT_KG,
  type Measurement,
  type MeasurementInput,
  type MeasurementSite,
  type MetricRange,
  type Metrics,
} from '@forja/shared/schemas/metrics';
import {
  kgToLb,
  lengthFromInput,
  rangeIn,
  unitLabels,
  weightForDisplay,
  weightFromInput,
  type MetricSystem,
  type UnitRange,
} from '@forja/shared/units';
import { TextField } from '#components/ui/form-field';
import { Card } from '#components/ui/card';
import { MeasurementsTable, WeighingsTable, formatDay } from '#components/metrics/body-tables';
import { Button } from '#components/ui/button';
import { PeriodControl } from '#components/metrics/period-control';
import { errorMessage } from '#lib/api-error';
import { numberBox } from '#lib/number-input';
import { formatNumber, inputText } from '#lib/numbers';
import {
  deleteMeasurement,
  deleteWeight,
  fetchExport,
  metricsQuery,
  saveMeasurement,
  saveWeight,
} from './metrics-api';
import { EnergyChart } from '#components/charts/energy-chart';
import { WeightChart } from '#components/charts/weight-chart';
import { RATE_PENDING } from '#lib/weekly-rate';
import { QUEUED, startOffline, usePendingTargets } from '#lib/offline/offline';
import {
  hideMeasurement,
  hideWeight,
  metricsReads,
  showMeasurement,
  showWeight,
} from './shown-metrics';

const METRICS_ERROR = 'No pudimos guardar el cambio. Inténtalo de nuevo.';

/**
 * A change shown on the metrics at once by `show` (`shown-metrics.ts`), before it is sent;
 * the metrics are read again once the API has it.
 */
function useMetricsChange<V>(
  change: (variables: V) => Promise<unknown>,
  show: (queryClient: QueryClient, variables: V) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => {
      await startOffline(queryClient);
      // A read in flight would bring the old metrics back over the change.
      await queryClient.cancelQueries(metricsReads);
      show(queryClient, variables);
      return change(variables);
    },
    // Offline, the change is still made: the outbox keeps it (decision 077).
    networkMode: 'always',
    onSuccess: (result) => {
      if (result === QUEUED) {
        notify.info('Anotado: se enviará cuando vuelva la conexión');
        return undefined;
      }
      return queryClient.invalidateQueries({ queryKey: ['metrics'] });
    },
    onError: async (error) => {
      notify.error(errorMessage(error, METRICS_ERROR));
      // What was shown ahead of the API goes.
      await queryClient.invalidateQueries({ queryKey: ['metrics'] });
    },
  });
}

/**
 * A typed amount in the person's units, within the shared limits converted to those units
 * (`rangeIn`), so that the message speaks their units; a range from 0 excludes 0.
 */
function amountInUnits(field: string, range: UnitRange) {
  return positiveNumber(field)
    .refine((value) => range.min > 0 || value > 0, { error: `${field} debe ser mayor que 0` })
    .refine((value) => value >= range.min && value <= range.max, {
      error: m.between(
        field,
        formatNumber(range.min, 1),
        `${formatNumber(range.max, 1)} ${range.unit}`,
      ),
    });
}

function weightFormSchema(system: MetricSystem) {
  const range = rangeIn({ min: MIN_WEIGHT_KG, max: MAX_WEIGHT_KG }, 'weight', system);
  return z.object({
    date: localDateSchema,
    // An empty box is a weight not yet typed, not a weight of 0.
    weight: z
      .string()
      .trim()
      .min(1, { error: 'Escribe tu peso' })
      .pipe(
        numberBox(
          amountInUnits('El peso', range).transform((value) => weightFromInput(value, system)),
        ),
      ),
  });
}

/** Boxes left empty are measurements not taken; the shared schema wants at least one. */
function measurementFormSchema(system: MetricSystem) {
  const range = rangeIn({ min: 0, max: MAX_MEASUREMENT_CM }, 'length', system, 1);
  const site = (label: string) =>
    numberBox(
      amountInUnits(label, range)
        .transform((value) => lengthFromInput(value, system))
        .nullable(),
      null,
    );
  return z
    .object({
      date: localDateSchema,
      waist: site(MEASUREMENT_FIELDS.waist),
      hip: site(MEASUREMENT_FIELDS.hip),
      chest: site(MEASUREMENT_FIELDS.chest),
      arm: site(MEASUREMENT_FIELDS.arm),
      thigh: site(MEASUREMENT_FIELDS.thigh),
      neck: site(MEASUREMENT_FIELDS.neck),
    })
    .transform(({ date, ...sites }) => ({
      date,
      input: Object.fromEntries(MEASUREMENT_SITES.map((name) => [`${name}_cm`, sites[name]])),
    }))
    .superRefine(({ input }, context) => {
      for (const issue of measurementInputSchema.safeParse(input).error?.issues ?? []) {
        const field = String(issue.path[0] ?? 'waist_cm').replace(/_cm$/, '');
        context.addIssue({ code: 'custom', message: issue.message, path: [field] });
      }
    });
}

const noMeasurements = Object.fromEntries(MEASUREMENT_SITES.map((site) => [site, ''])) as Record<
  MeasurementSite,
  string
>;

/** Weight and its trend, body measurements, adherence and the export of one's data. */
export function MetricsScreen({
  months,
  onMonthsChange,
  today,
  system,
  expenditure,
}: {
  months: MetricRange;
  onMonthsChange: (months: MetricRange) => void;
  today: string;
  system: MetricSystem;
  /** "Tu gasto real" and the changes of the target, below the weight. */
  expenditure?: ReactNode;
}) {
  const metrics = useSuspenseQuery(metricsQuery(months));
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Métricas</h1>
      <PeriodControl months={months} onMonthsChange={onMonthsChange} />
      <WeightSection metrics={metrics.data} today={today} system={system} />
      {expenditure}
      <AdherenceCard metrics={metrics.data} />
      <MeasurementsSection
        measurements={metrics.data.measurements}
        periodEnd={metrics.data.to}
        today={today}
        system={system}
      />
      <ExportCard />
    </section>
  );
}

function WeightSection({
  metrics,
  today,
  system,
}: {
  metrics: Metrics;
  today: string;
  system: MetricSystem;
}) {
  const unit = unitLabels(system).weight;
  const {
    register,
    handleSubmit,
    resetField,
    getValues,
    setValue,
    formState: { errors },
  } = useForm({
    mode: 'onChange',
    resolver: zodResolver(weightFormSchema(system)),
    defaultValues: { date: today, weight: '' },
  });
  const save = useMetricsChange(
    ({ day, kg }: { day: string; kg: number }) => saveWeight(day, kg),
    (queryClient, { day, kg }) => {
      showWeight(queryClient, day, kg);
    },
  );
  const remove = useMetricsChange((day: string) => deleteWeight(day), hideWeight);
  const pending = usePendingTargets();
  const rate = metrics.weekly_rate_kg;
  return (
    <Card title="Peso">
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-sm text-neutral-700 dark:text-neutral-300">Tendencia</dt>
          <dd className="text-2xl font-extrabold" data-testid="trend">
            {metrics.trend_kg === null
              ? '—'
              : `${formatNumber(weightForDisplay(metrics.trend_kg, system), 1)} ${unit}`}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-neutral-700 dark:text-neutral-300">Ritmo semanal</dt>
          <dd className="text-2xl font-extrabold" data-testid="weekly-rate">
            {rate === null
              ? '—'
              : `${rate > 0 ? '+' : ''}${formatNumber(system === 'imperial' ? kgToLb(rate) : rate, 2)} ${unit}/semana`}
          </dd>
          {rate === null ? (
            <dd
              className="text-sm text-neutral-700 dark:text-neutral-300"
              data-testid="weekly-rate-pending"
            >
              {RATE_PENDING}
            </dd>
          ) : null}
        </div>
      </dl>
      <WeightChart points={metrics.weights} from={metrics.from} to={metrics.to} system={system} />
      <form
        id="anotar-peso"
        aria-label="Anotar peso"
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(event) =>
          void handleSubmit(({ date, weight }) => {
            // Shown at once in the list: the field is free for the next weighing at once, and
            // an answer coming later never clears what was typed since. One the API refuses
            // comes back to the form, when nothing new was typed there.
            const typed = getValues();
            save.mutate(
              { day: date, kg: weight },
              {
                onError: () => {
                  if (getValues('weight') !== '') return;
                  setValue('date', typed.date, { shouldValidate: true });
                  setValue('weight', typed.weight, { shouldValidate: true, shouldDirty: true });
                },
              },
            );
            resetField('weight');
          })(event)
        }
      >
        <TextField
          label="Día"
          type="date"
          max={today}
          required
          error={errors.date?.message}
          {...register('date')}
        />
        <div className="w-32">
          <TextField
            label={`Peso (${unit})`}
            inputMode="decimal"
            error={errors.weight?.message}
            {...register('weight')}
          />
        </div>
        <Button variant="primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar peso'}
        </Button>
      </form>
      {metrics.weights.length > 0 ? (
        <WeighingsTable
          weights={metrics.weights}
          periodEnd={metrics.to}
          system={system}
          pending={(date) => pending.has(`weight:${date}`)}
          actions={(point) => [
            {
              text: 'Editar',
              label: `Editar el peso del ${formatDay(point.date)}`,
              onClick: () => {
                setValue('date', point.date, { shouldValidate: true });
                setValue('weight', inputText(weightForDisplay(point.weight_kg, system), 1), {
                  shouldValidate: true,
                  shouldDirty: true,
                });
              },
            },
            {
              text: 'Eliminar',
              label: `Eliminar el peso del ${formatDay(point.date)}`,
              onClick: () => {
                remove.mutate(point.date);
              },
            },
          ]}
        />
      ) : (
        <p className="text-neutral-700 dark:text-neutral-300">
          Anota tu peso para ver su tendencia.
        </p>
      )}
    </Card>
  );
}

function AdherenceCard({ metrics }: { metrics: Metrics }) {
  const { adherence, energy } = metrics;
  return (
    <Card title="Constancia">
      {adherence.percent === null || adherence.target_kcal === null ? (
        <p>
          {adherence.target_kcal === null
            ? `Has anotado comida ${adherence.days_logged} ${adherence.days_logged === 1 ? 'día' : 'días'} en este periodo. Con un objetivo de energía verás cuántos días lo cumples.`
            : 'Aún no has anotado comida en este periodo.'}
        </p>
      ) : (
        <p>
          <span className="text-2xl font-extrabold">{adherence.percent} %</span> de los días:{' '}
          {adherence.days_within} de {adherence.days_logged} días anotados dentro de ±10 % de{' '}
          {formatNumber(adherence.target_kcal)} kcal.
        </p>
      )}
      {energy.length > 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          Media de los días anotados:{' '}
          {formatNumber(energy.reduce((sum, day) => sum + day.kcal, 0) / energy.length)} kcal
        </p>
      ) : null}
      <div>
        <EnergyChart
          days={energy}
          target={adherence.target_kcal}
          from={metrics.from}
          to={metrics.to}
        />
      </div>
    </Card>
  );
}

function MeasurementsSection({
  measurements,
  periodEnd,
  today,
  system,
}: {
  measurements: Measurement[];
  periodEnd: string;
  today: string;
  system: MetricSystem;
}) {
  const unit = unitLabels(system).length;
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm({
    mode: 'onChange',
    resolver: zodResolver(measurementFormSchema(system)),
    defaultValues: { date: today, ...noMeasurements },
  });
  const save = useMetricsChange(
    ({ day, input }: { day: string; input: MeasurementInput }) => saveMeasurement(day, input),
    (queryClient, { day, input }) => {
      showMeasurement(queryClient, day, input);
    },
  );
  const remove = useMetricsChange((day: string) => deleteMeasurement(day), hideMeasurement);
  const pending = usePendingTargets();
  return (
    <Card title="Medidas">
      <form
        aria-label="Anotar medidas"
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) =>
          void handleSubmit(({ date, input }) => {
            // As the weighing above: cleared when shown, not when the API answers, and back in
            // the form if the API refuses them while it is still empty.
            const typed = getValues();
            save.mutate(
              { day: date, input },
              {
                onError: () => {
                  const sites = MEASUREMENT_SITES.map((site) => getValues(site));
                  // Kept as typed and not saved: the form stays changed from its defaults.
                  if (sites.every((value) => value === ''))
                    reset(typed, { keepDefaultValues: true });
                },
              },
            );
            reset({ date: getValues('date'), ...noMeasurements });
          })(event)
        }
      >
        <div className="self-start">
          <TextField
            label="Día"
            type="date"
            max={today}
            required
            error={errors.date?.message}
            {...register('date')}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {MEASUREMENT_SITES.map((site) => (
            <TextField
              key={site}
              label={`${MEASUREMENT_LABELS[site]} (${unit})`}
              inputMode="decimal"
              error={errors[site]?.message}
              {...register(site)}
            />
          ))}
        </div>
        <Button variant="primary" type="submit" disabled={save.isPending} className="self-start">
          {save.isPending ? 'Guardando...' : 'Guardar medidas'}
        </Button>
      </form>
      {measurements.length > 0 ? (
        <MeasurementsTable
          measurements={measurements}
          periodEnd={periodEnd}
          system={system}
          pending={(date) => pending.has(`measurements:${date}`)}
          actions={(row) => [
            {
              text: 'Eliminar',
              label: `Eliminar las medidas del ${formatDay(row.date)}`,
              onClick: () => {
                remove.mutate(row.date);
              },
            },
          ]}
        />
      ) : null}
    </Card>
  );
}

function ExportCard() {
  const download = useMutation({
    mutationFn: fetchExport,
    onSuccess: ({ filename, content }) => {
      const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos preparar la exportación'));
    },
  });
  return (
    <Card title="Tus datos">
      <p className="text-neutral-700 dark:text-neutral-300">
        Descarga todo lo que has anotado (diario, agua, entrenamientos, pesos y medidas) en un
        archivo CSV. Si lo vas a abrir en una hoja de cálculo en español, elige su formato: separa
        con punto y coma y escribe los decimales con coma.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={download.isPending}
          onClick={() => {
            download.mutate('standard');
          }}
        >
          Exportar CSV
        </Button>
        <Button
          disabled={download.isPending}
          onClick={() => {
            download.mutate('spanish');
          }}
        >
          Formato de hoja de cálculo española (;)
        </Button>
      </div>
      <p role="status" className="text-sm text-neutral-700 empty:hidden dark:text-neutral-300">
        {download.isPending ? 'Preparando el archivo...' : ''}
      </p>
    </Card>
  );
}
