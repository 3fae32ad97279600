import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notify } from '../../components/ui/notifications';
import { validationMessages as m } from '@forja/shared/schemas/messages';
import {
  MAX_MEASUREMENT_CM,
  MAX_WEIGHT_KG,
  MEASUREMENT_LABELS,
  MEASUREMENT_SITES,
  METRIC_RANGES,
  MIN_WEIGHT_KG,
  type Measurement,
  type MeasurementInput,
  type MetricRange,
  type Metrics,
} from '@forja/shared/schemas/metrics';
import {
  kgToLb,
  lengthForDisplay,
  lengthFromInput,
  rangeIn,
  unitLabels,
  weightForDisplay,
  weightFromInput,
  type MetricSystem,
} from '@forja/shared/units';
import { TextField } from '../../components/ui/form-field';
import { focusRing, primaryButton, secondaryButton } from '../../components/ui/styles';
import { errorMessage } from '../../lib/api-error';
import { formatCalendarDay } from '../../lib/calendar-day';
import { formatNumber, inputText, parseDecimal } from '../../lib/numbers';
import {
  deleteMeasurement,
  deleteWeight,
  fetchExport,
  metricsQuery,
  saveMeasurement,
  saveWeight,
} from './metrics-api';
import { EnergyChart } from './energy-chart';
import { WeightChart } from './weight-chart';

const METRICS_ERROR = 'No pudimos guardar el cambio. Inténtalo de nuevo.';

/** A change whose effect shows on the screen once the metrics are read again. */
function useMetricsChange<V>(change: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['metrics'] }),
    onError: (error) => {
      notify.error(errorMessage(error, METRICS_ERROR));
    },
  });
}

function formatDate(date: string): string {
  return formatCalendarDay(date, { dateStyle: 'medium' });
}

/**
 * What is wrong with a typed amount, in the person's units, before the server would say
 * it in metric; undefined when nothing is (an empty box is for the caller to judge).
 */
function amountError(
  text: string,
  field: string,
  range: { min: number; max: number; unit: string },
): string | undefined {
  if (text.trim() === '') return undefined;
  const value = parseDecimal(text);
  if (value === null) return m.number(field);
  if (range.min === 0 && value <= 0) return `${field} debe ser mayor que 0`;
  if (value < range.min || value > range.max) {
    return m.between(
      field,
      formatNumber(range.min, 1),
      `${formatNumber(range.max, 1)} ${range.unit}`,
    );
  }
  return undefined;
}

/** Weight and its trend, body measurements, adherence and the export of one's data. */
export function MetricsScreen({
  months,
  onMonthsChange,
  today,
  system,
}: {
  months: MetricRange;
  onMonthsChange: (months: MetricRange) => void;
  today: string;
  system: MetricSystem;
}) {
  const metrics = useSuspenseQuery(metricsQuery(months));
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Métricas</h1>
      <div role="group" aria-label="Periodo" className="flex flex-wrap gap-1">
        {METRIC_RANGES.map((range) => (
          <button
            key={range}
            type="button"
            aria-pressed={months === range}
            onClick={() => {
              onMonthsChange(range);
            }}
            className={`min-h-11 rounded-md px-3 py-1.5 font-medium ${months === range ? 'bg-orange-700 text-white dark:bg-orange-500 dark:text-neutral-950' : 'border border-neutral-300 hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800'} ${focusRing}`}
          >
            {range === 12 ? '1 año' : `${range} ${range === 1 ? 'mes' : 'meses'}`}
          </button>
        ))}
      </div>
      <WeightSection metrics={metrics.data} today={today} system={system} />
      <AdherenceCard metrics={metrics.data} />
      <MeasurementsSection measurements={metrics.data.measurements} today={today} system={system} />
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
  const headingId = useId();
  const unit = unitLabels(system).weight;
  const [date, setDate] = useState(today);
  const [weight, setWeight] = useState('');
  const parsed = parseDecimal(weight);
  const weightError = amountError(
    weight,
    'El peso',
    rangeIn({ min: MIN_WEIGHT_KG, max: MAX_WEIGHT_KG }, 'weight', system),
  );
  const save = useMetricsChange(({ day, kg }: { day: string; kg: number }) => saveWeight(day, kg));
  const remove = useMetricsChange((day: string) => deleteWeight(day));
  const rate = metrics.weekly_rate_kg;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id={headingId} className="text-xl font-bold">
        Peso
      </h2>
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
        </div>
      </dl>
      <WeightChart points={metrics.weights} from={metrics.from} to={metrics.to} system={system} />
      <form
        aria-label="Anotar peso"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed === null || weightError) return;
          save.mutate(
            { day: date, kg: weightFromInput(parsed, system) },
            {
              onSuccess: () => {
                setWeight('');
              },
            },
          );
        }}
      >
        <TextField
          label="Día"
          type="date"
          max={today}
          required
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
          }}
        />
        <div className="w-32">
          <TextField
            label={`Peso (${unit})`}
            inputMode="decimal"
            value={weight}
            error={weightError}
            onChange={(event) => {
              setWeight(event.target.value);
            }}
          />
        </div>
        <button
          type="submit"
          disabled={parsed === null || weightError !== undefined || save.isPending}
          className={primaryButton}
        >
          Guardar peso
        </button>
      </form>
      {metrics.weights.length > 0 ? (
        <table className="w-full text-left">
          <caption className="sr-only">Pesajes del periodo</caption>
          <thead>
            <tr className="text-sm text-neutral-700 dark:text-neutral-300">
              <th scope="col">Día</th>
              <th scope="col">Peso</th>
              <th scope="col">Tendencia</th>
              <th scope="col">
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...metrics.weights].reverse().map((point) => (
              <tr key={point.date} className="border-t border-neutral-200 dark:border-neutral-800">
                <td className="py-1">{formatDate(point.date)}</td>
                <td>{`${formatNumber(weightForDisplay(point.weight_kg, system), 1)} ${unit}`}</td>
                <td>{`${formatNumber(weightForDisplay(point.trend_kg, system), 1)} ${unit}`}</td>
                <td className="text-right">
                  <button
                    type="button"
                    onClick={() => {
                      setDate(point.date);
                      setWeight(inputText(weightForDisplay(point.weight_kg, system), 1));
                    }}
                    className={`rounded-md px-2 py-1 text-sm underline ${focusRing}`}
                    aria-label={`Editar el peso del ${formatDate(point.date)}`}
                  >
                    Editar
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      remove.mutate(point.date);
                    }}
                    className={`rounded-md px-2 py-1 text-sm underline ${focusRing}`}
                    aria-label={`Eliminar el peso del ${formatDate(point.date)}`}
                  >
                    Eliminar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-neutral-700 dark:text-neutral-300">
          Anota tu peso para ver su tendencia.
        </p>
      )}
    </section>
  );
}

function AdherenceCard({ metrics }: { metrics: Metrics }) {
  const { adherence, energy } = metrics;
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id={headingId} className="text-xl font-bold">
        Constancia
      </h2>
      {adherence.percent === null || adherence.target_kcal === null ? (
        <p className="mt-1">
          {adherence.target_kcal === null
            ? `Has anotado comida ${adherence.days_logged} ${adherence.days_logged === 1 ? 'día' : 'días'} en este periodo. Con un objetivo de energía verás cuántos días lo cumples.`
            : 'Aún no has anotado comida en este periodo.'}
        </p>
      ) : (
        <p className="mt-1">
          <span className="text-2xl font-extrabold">{adherence.percent} %</span> de los días:{' '}
          {adherence.days_within} de {adherence.days_logged} días anotados dentro de ±10 % de{' '}
          {formatNumber(adherence.target_kcal)} kcal.
        </p>
      )}
      {energy.length > 0 ? (
        <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
          Media de los días anotados:{' '}
          {formatNumber(energy.reduce((sum, day) => sum + day.kcal, 0) / energy.length)} kcal
        </p>
      ) : null}
      <div className="mt-3">
        <EnergyChart
          days={energy}
          target={adherence.target_kcal}
          from={metrics.from}
          to={metrics.to}
        />
      </div>
    </section>
  );
}

function MeasurementsSection({
  measurements,
  today,
  system,
}: {
  measurements: Measurement[];
  today: string;
  system: MetricSystem;
}) {
  const headingId = useId();
  const unit = unitLabels(system).length;
  const [date, setDate] = useState(today);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const save = useMetricsChange(({ day, input }: { day: string; input: MeasurementInput }) =>
    saveMeasurement(day, input),
  );
  const remove = useMetricsChange((day: string) => deleteMeasurement(day));
  const range = rangeIn({ min: 0, max: MAX_MEASUREMENT_CM }, 'length', system, 1);
  const values = Object.fromEntries(
    MEASUREMENT_SITES.map((site) => {
      const text = texts[site] ?? '';
      return [site, text.trim() === '' ? null : parseDecimal(text)];
    }),
  );
  const errors = Object.fromEntries(
    MEASUREMENT_SITES.map((site) => [
      site,
      amountError(texts[site] ?? '', MEASUREMENT_LABELS[site], range),
    ]),
  );
  const invalid =
    MEASUREMENT_SITES.some((site) => errors[site] !== undefined) ||
    MEASUREMENT_SITES.every((site) => values[site] === null);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id={headingId} className="text-xl font-bold">
        Medidas
      </h2>
      <form
        aria-label="Anotar medidas"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (invalid) return;
          const input = Object.fromEntries(
            MEASUREMENT_SITES.map((site) => {
              const value = values[site];
              return [
                `${site}_cm`,
                value === null || value === undefined ? null : lengthFromInput(value, system),
              ];
            }),
          ) as MeasurementInput;
          save.mutate(
            { day: date, input },
            {
              onSuccess: () => {
                setTexts({});
              },
            },
          );
        }}
      >
        <div className="self-start">
          <TextField
            label="Día"
            type="date"
            max={today}
            required
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
            }}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {MEASUREMENT_SITES.map((site) => (
            <TextField
              key={site}
              label={`${MEASUREMENT_LABELS[site]} (${unit})`}
              inputMode="decimal"
              value={texts[site] ?? ''}
              error={errors[site]}
              onChange={(event) => {
                setTexts({ ...texts, [site]: event.target.value });
              }}
            />
          ))}
        </div>
        <button
          type="submit"
          disabled={invalid || save.isPending}
          className={`${primaryButton} self-start`}
        >
          Guardar medidas
        </button>
      </form>
      {measurements.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Medidas del periodo</caption>
            <thead>
              <tr className="text-sm text-neutral-700 dark:text-neutral-300">
                <th scope="col">Día</th>
                {MEASUREMENT_SITES.map((site) => (
                  <th key={site} scope="col">
                    {MEASUREMENT_LABELS[site]}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...measurements].reverse().map((row) => (
                <tr key={row.date} className="border-t border-neutral-200 dark:border-neutral-800">
                  <td className="py-1">{formatDate(row.date)}</td>
                  {MEASUREMENT_SITES.map((site) => {
                    const cm = row[`${site}_cm`];
                    return (
                      <td key={site}>
                        {cm === null
                          ? '—'
                          : `${formatNumber(lengthForDisplay(cm, system), 1)} ${unit}`}
                      </td>
                    );
                  })}
                  <td className="text-right">
                    <button
                      type="button"
                      onClick={() => {
                        remove.mutate(row.date);
                      }}
                      className={`rounded-md px-2 py-1 text-sm underline ${focusRing}`}
                      aria-label={`Eliminar las medidas del ${formatDate(row.date)}`}
                    >
                      Eliminar
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function ExportCard() {
  const headingId = useId();
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
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id={headingId} className="text-xl font-bold">
        Tus datos
      </h2>
      <p className="mt-1 text-neutral-700 dark:text-neutral-300">
        Descarga todo lo que has anotado (diario, agua, entrenamientos, pesos y medidas) en un
        archivo CSV.
      </p>
      <button
        type="button"
        disabled={download.isPending}
        onClick={() => {
          download.mutate();
        }}
        className={`${secondaryButton} mt-2`}
      >
        Exportar CSV
      </button>
    </section>
  );
}
