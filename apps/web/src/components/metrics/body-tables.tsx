import {
  MEASUREMENT_LABELS,
  MEASUREMENT_SITES,
  type Measurement,
  type Metrics,
} from '@forja/shared/schemas/metrics';
import {
  lengthForDisplay,
  unitLabels,
  weightForDisplay,
  type MetricSystem,
} from '@forja/shared/units';
import { formatCalendarDay } from '#lib/calendar-day';
import { formatNumber } from '#lib/numbers';
import { PendingMark } from '#components/ui/pending-mark';
import { RowActions, type RowAction } from '#components/ui/row-actions';

/** A day as the buttons of a row name it: whole. */
export function formatDay(date: string): string {
  return formatCalendarDay(date, { dateStyle: 'medium' });
}

/** A row's day, without the year when it is the period's, so that the tables fit a phone. */
function formatRowDay(date: string, periodEnd: string): string {
  return date.slice(0, 4) === periodEnd.slice(0, 4)
    ? formatCalendarDay(date, { day: 'numeric', month: 'short' })
    : formatDay(date);
}

interface TableOptions<Row> {
  /** The last day of the period shown: a row of its year is written without the year. */
  periodEnd: string;
  system: MetricSystem;
  /** Whether a row is shown ahead of the API (the trainee's own, without signal). */
  pending?: (date: string) => boolean;
  /** The buttons at the end of a row; no column for them when absent. */
  actions?: (row: Row) => readonly RowAction[];
}

interface Column<Row> {
  label: string;
  value: (row: Row) => string;
}

/**
 * A period's rows, newest first: the day, a column each, and the row's buttons. Small text
 * and days without the period's year keep a row on one line at 390 px, buttons included;
 * what does not fit scrolls sideways.
 */
function BodyTable<Row extends { date: string }>({
  caption,
  rows,
  columns,
  periodEnd,
  pending,
  actions,
}: Omit<TableOptions<Row>, 'system'> & {
  caption: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-neutral-700 dark:text-neutral-300">
            {['Día', ...columns.map((column) => column.label)].map((label) => (
              <th key={label} scope="col" className="pr-3">
                {label}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <span className="sr-only">Acciones</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {[...rows].reverse().map((row) => (
            <tr key={row.date} className="border-t border-neutral-200 dark:border-neutral-800">
              <td className="whitespace-nowrap py-1 pr-3">
                {formatRowDay(row.date, periodEnd)}
                {pending?.(row.date) ? <PendingMark /> : null}
              </td>
              {columns.map((column) => (
                <td key={column.label} className="whitespace-nowrap pr-3">
                  {column.value(row)}
                </td>
              ))}
              {actions ? (
                <td className="text-right">
                  <RowActions actions={actions(row)} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Weighing = Metrics['weights'][number];

/** The weighings of a period, each with its trend: the trainee's Métricas and the trainer's Cuerpo. */
export function WeighingsTable({
  weights,
  system,
  ...options
}: TableOptions<Weighing> & { weights: readonly Weighing[] }) {
  const unit = unitLabels(system).weight;
  const kg = (value: number) => `${formatNumber(weightForDisplay(value, system), 1)} ${unit}`;
  return (
    <BodyTable
      caption="Pesajes del periodo"
      rows={weights}
      columns={[
        { label: 'Peso', value: (point) => kg(point.weight_kg) },
        { label: 'Tendencia', value: (point) => kg(point.trend_kg) },
      ]}
      {...options}
    />
  );
}

/**
 * The measurements of a period, with a column for each site measured in it: a person who
 * measures only the waist sees one.
 */
export function MeasurementsTable({
  measurements,
  system,
  ...options
}: TableOptions<Measurement> & { measurements: readonly Measurement[] }) {
  const unit = unitLabels(system).length;
  const sites = MEASUREMENT_SITES.filter((site) =>
    measurements.some((measured) => measured[`${site}_cm`] !== null),
  );
  return (
    <BodyTable
      caption="Medidas del periodo"
      rows={measurements}
      columns={sites.map((site) => ({
        label: MEASUREMENT_LABELS[site],
        value: (measured: Measurement) => {
          const cm = measured[`${site}_cm`];
          return cm === null ? '—' : `${formatNumber(lengthForDisplay(cm, system), 1)} ${unit}`;
        },
      }))}
      {...options}
    />
  );
}
