import { useQuery } from '@tanstack/react-query';
import type { Expenditure, ExpenditureConfidence } from '@forja/shared/schemas/expenditure';
import { ExpenditureChart } from '#components/charts/expenditure-chart';
import { Card } from '#components/ui/card';
import { formatNumber } from '#lib/numbers';
import { expenditureQuery, traineeExpenditureQuery } from './expenditure-api';

const CONFIDENCE_LABELS: Record<ExpenditureConfidence, string> = {
  none: 'Aún sin datos suficientes',
  low: 'Confianza baja',
  medium: 'Confianza media',
  high: 'Confianza alta',
};

/** Below this difference, the estimate and the formula say the same. */
const SAME_KCAL = 50;

const muted = 'text-sm text-neutral-700 dark:text-neutral-300';

/** Whose expenditure the card shows: the reader's own, or a trainee's to their trainer. */
type Reader = 'self' | 'trainer';

function comparison(expenditure: Expenditure, reader: Reader): string {
  const difference = expenditure.estimate.expenditure_kcal - expenditure.formula_tdee_kcal;
  const subject = reader === 'self' ? 'Gastas' : 'Gasta';
  if (Math.abs(difference) < SAME_KCAL) return 'Coincide con lo que calcula la fórmula.';
  return `${subject} unas ${formatNumber(Math.abs(difference))} kcal al día ${difference > 0 ? 'más' : 'menos'} de lo que calcula la fórmula.`;
}

const EXPLANATION: Record<Reader, string> = {
  self: 'Lo calculamos con lo que comes y con cómo cambia tu peso: si comes 2000 kcal al día y pierdes 0,1 kg al día, tu cuerpo ha puesto unas 770 kcal más, así que gastas unas 2770. Empieza en lo que da la fórmula y se ajusta a medida que anotas días completos y te pesas; cuantos más, más fiable.',
  trainer:
    'Se calcula con lo que come y con cómo cambia su peso (unas 7700 kcal por kilo), empezando en lo que da la fórmula y ajustándose a medida que anota días completos y se pesa.',
};

const PENDING: Record<Reader, string> = {
  self: 'Necesitamos al menos una semana de pesajes y 4 días completos en el diario. Mientras tanto, te mostramos lo que da la fórmula.',
  trainer:
    'Hace falta al menos una semana de pesajes y 4 días completos en su diario. Mientras tanto, se muestra lo que da la fórmula.',
};

const COUNTS_NOTE: Record<Reader, string> = {
  self: 'Solo cuentan los días que marcas como completos en el diario, o los que no marcas y llegan a la mitad de tu objetivo.',
  trainer:
    'Solo cuentan los días que marca como completos, o los que no marca y llegan a la mitad de su objetivo.',
};

/** The estimate beside the formula's TDEE, what it means, and how it moved week by week. */
export function ExpenditureView({
  expenditure,
  reader,
}: {
  expenditure: Expenditure;
  reader: Reader;
}) {
  const { estimate } = expenditure;
  const fromData = estimate.confidence !== 'none';
  return (
    <>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className={muted}>Estimación</dt>
          <dd className="text-2xl font-extrabold" data-testid="expenditure-estimate">
            {fromData ? `${formatNumber(estimate.expenditure_kcal)} kcal/día` : '—'}
          </dd>
          <dd className={muted} data-testid="expenditure-confidence">
            {CONFIDENCE_LABELS[estimate.confidence]}
            {fromData ? ` (± ${formatNumber(estimate.margin_kcal)} kcal)` : ''}
          </dd>
        </div>
        <div>
          <dt className={muted}>Según la fórmula</dt>
          <dd className="text-2xl font-extrabold" data-testid="expenditure-formula">
            {`${formatNumber(expenditure.formula_tdee_kcal)} kcal/día`}
          </dd>
        </div>
      </dl>
      {fromData ? (
        <p className="font-medium" data-testid="expenditure-comparison">
          {comparison(expenditure, reader)}
        </p>
      ) : (
        <p className="font-medium">{PENDING[reader]}</p>
      )}
      <p className={muted}>{EXPLANATION[reader]}</p>
      <p className={muted}>
        {COUNTS_NOTE[reader]}{' '}
        {fromData
          ? `Esta estimación cuenta ${formatNumber(expenditure.days_logged)} días completos y ${formatNumber(expenditure.weigh_ins)} pesajes de las últimas 12 semanas.`
          : ''}
      </p>
      <ExpenditureChart points={expenditure.history} formulaKcal={expenditure.formula_tdee_kcal} />
    </>
  );
}

/**
 * The card: the reader's own expenditure, or with `traineeId` that trainee's. It shows
 * nothing while loading (the route's loader has usually fetched it) and nothing when the
 * expenditure cannot be read (no targets yet, an area not shared), so the screen around it
 * never fails with it.
 */
export function ExpenditureCard({ traineeId }: { traineeId?: string }) {
  const reader: Reader = traineeId === undefined ? 'self' : 'trainer';
  const { data } = useQuery({
    ...(traineeId === undefined ? expenditureQuery : traineeExpenditureQuery(traineeId)),
  });
  if (!data) return null;
  return (
    <Card title={reader === 'self' ? 'Tu gasto real' : 'Gasto real'}>
      <ExpenditureView expenditure={data} reader={reader} />
    </Card>
  );
}
