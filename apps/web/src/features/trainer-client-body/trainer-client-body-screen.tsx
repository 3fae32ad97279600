import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MetricRange } from '@forja/shared/constants';
import type { Metrics } from '@forja/shared/schemas/metrics';
import { kgToLb, unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { EnergyChart } from '#components/charts/energy-chart';
import { WeightChart } from '#components/charts/weight-chart';
import { MeasurementsTable, WeighingsTable } from '#components/metrics/body-tables';
import { Card } from '#components/ui/card';
import { PeriodControl } from '#components/metrics/period-control';
import { formatNumber } from '#lib/numbers';
import { traineeMetricsQuery } from './trainer-client-body-api';
import { RATE_PENDING } from '#lib/weekly-rate';

const muted = 'text-sm text-neutral-700 dark:text-neutral-300';

/**
 * Cuerpo, in a trainee's file: their weight with its trend and their measurements over a
 * period, drawn with the same charts the trainee sees; the energy eaten only when they
 * share their diary too, and then their expenditure as their data show it. Read only: the
 * numbers are the trainee's to write.
 */
export function TrainerClientBodyScreen({
  traineeId,
  expenditure,
  months,
  onMonthsChange,
  system,
}: {
  traineeId: string;
  /** The expenditure's card, below the weight, when the diary is shared too. */
  expenditure?: ReactNode;
  months: MetricRange;
  onMonthsChange: (months: MetricRange) => void;
  system: MetricSystem;
}) {
  const { data: metrics } = useSuspenseQuery(traineeMetricsQuery(traineeId, months));
  return (
    <div className="flex flex-col gap-4">
      <PeriodControl months={months} onMonthsChange={onMonthsChange} />
      <WeightCard metrics={metrics} system={system} />
      {expenditure}
      <MeasurementsCard metrics={metrics} system={system} />
      {metrics.energy.length > 0 ? <EnergyCard metrics={metrics} /> : null}
    </div>
  );
}

function WeightCard({ metrics, system }: { metrics: Metrics; system: MetricSystem }) {
  const unit = unitLabels(system).weight;
  const rate = metrics.weekly_rate_kg;
  return (
    <Card title="Peso">
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className={muted}>Tendencia</dt>
          <dd className="text-2xl font-extrabold" data-testid="trend">
            {metrics.trend_kg === null
              ? '—'
              : `${formatNumber(weightForDisplay(metrics.trend_kg, system), 1)} ${unit}`}
          </dd>
        </div>
        <div>
          <dt className={muted}>Ritmo semanal</dt>
          <dd className="text-2xl font-extrabold" data-testid="weekly-rate">
            {rate === null
              ? '—'
              : `${rate > 0 ? '+' : ''}${formatNumber(system === 'imperial' ? kgToLb(rate) : rate, 2)} ${unit}/semana`}
          </dd>
          {rate === null ? (
            <dd className={muted} data-testid="weekly-rate-pending">
              {RATE_PENDING}
            </dd>
          ) : null}
        </div>
      </dl>
      <WeightChart points={metrics.weights} from={metrics.from} to={metrics.to} system={system} />
      {metrics.weights.length > 0 ? (
        <WeighingsTable weights={metrics.weights} periodEnd={metrics.to} system={system} />
      ) : (
        <p className="text-neutral-700 dark:text-neutral-300">No se ha pesado en este periodo.</p>
      )}
    </Card>
  );
}

function MeasurementsCard({ metrics, system }: { metrics: Metrics; system: MetricSystem }) {
  const { measurements } = metrics;
  return (
    <Card title="Medidas">
      {measurements.length > 0 ? (
        <MeasurementsTable measurements={measurements} periodEnd={metrics.to} system={system} />
      ) : (
        <p className="text-neutral-700 dark:text-neutral-300">
          No ha anotado medidas en este periodo.
        </p>
      )}
    </Card>
  );
}

function EnergyCard({ metrics }: { metrics: Metrics }) {
  const { adherence, energy } = metrics;
  return (
    <Card title="Energía">
      {adherence.percent !== null && adherence.target_kcal !== null ? (
        <p>
          <span className="text-2xl font-extrabold">{adherence.percent} %</span> de los días:{' '}
          {adherence.days_within} de {adherence.days_logged} días anotados dentro de ±10 % de{' '}
          {formatNumber(adherence.target_kcal)} kcal.
        </p>
      ) : (
        <p>{`Ha anotado comida ${String(adherence.days_logged)} ${adherence.days_logged === 1 ? 'día' : 'días'} en este periodo.`}</p>
      )}
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
