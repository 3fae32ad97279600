import { METRIC_RANGES, type MetricRange } from '@forja/shared/constants';
import { SegmentedControl } from '#components/ui/segmented-control';

/** The period of the body figures, the same on the trainee's Métricas and the trainer's Cuerpo. */
export function PeriodControl({
  months,
  onMonthsChange,
}: {
  months: MetricRange;
  onMonthsChange: (months: MetricRange) => void;
}) {
  return (
    <SegmentedControl
      label="Periodo"
      segments={METRIC_RANGES.map((range) => ({
        value: range,
        label: range === 12 ? '1 año' : `${String(range)} ${range === 1 ? 'mes' : 'meses'}`,
      }))}
      value={months}
      onChange={onMonthsChange}
    />
  );
}
