import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TargetChange } from '@forja/shared/schemas/targets';
import { Card } from '#components/ui/card';
import { Button } from '#components/ui/button';
import { formatNumber } from '#lib/numbers';
import { targetHistoryQuery } from './target-proposals-api';

/** Changes listed at first, and added at each "Mostrar más". */
export const HISTORY_STEP = 10;

const muted = 'text-sm text-neutral-700 dark:text-neutral-300';
const when = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });
const kcal = (value: number) => `${formatNumber(value)} kcal`;

function nameOf(change: TargetChange): string | null {
  const by = change.changed_by;
  const name = by ? `${by.first_name} ${by.last_name}`.trim() : '';
  return name || null;
}

/** What changed, and who changed it, as the trainee reads it. */
function whatOf(change: TargetChange): string {
  const name = nameOf(change);
  const energy = change.energy_kcal === null ? '' : `: ${kcal(change.energy_kcal)}`;
  switch (change.kind) {
    case 'accepted':
      return `Ajuste semanal aceptado${energy}`;
    case 'approved':
      return `Ajuste semanal aprobado por ${name ?? 'tu entrenador'}${energy}`;
    case 'cleared':
      return `Vuelta a la fórmula${change.formula_energy_kcal === null ? '' : `: ${kcal(change.formula_energy_kcal)}`}`;
    case 'set': {
      const parts = change.energy_kcal === null ? [] : [kcal(change.energy_kcal)];
      if (change.protein_g !== null) parts.push(`proteína ${formatNumber(change.protein_g)} g`);
      if (change.fat_g !== null) parts.push(`grasa ${formatNumber(change.fat_g)} g`);
      return `Fijado por ${name ?? 'tu entrenador'}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
    }
  }
}

/** Why: the expenditure behind a weekly change, or who went back to the formula. */
function whyOf(change: TargetChange): string | null {
  if (change.expenditure_kcal !== null) {
    return `Tu gasto real era de ${kcal(change.expenditure_kcal)} al día`;
  }
  if (change.kind === 'cleared') return `Lo decidió ${nameOf(change) ?? 'tu entrenador'}`;
  return null;
}

/**
 * Every change of the trainee's energy target, newest first: who made it, when, and why (a
 * weekly adjustment says what their expenditure was). Reads on its own, like the card of the
 * expenditure above it: nothing while loading or when it cannot be read.
 */
export function TargetHistoryCard() {
  const { data } = useQuery(targetHistoryQuery);
  const [shown, setShown] = useState(HISTORY_STEP);
  if (!data) return null;
  return (
    <Card title="Cambios de tu objetivo">
      {data.length === 0 ? (
        <p className={muted}>
          Tu objetivo de energía no ha cambiado desde que empezaste. Aquí verás los ajustes
          semanales y los cambios de tu entrenador.
        </p>
      ) : (
        <ol className="flex flex-col" aria-label="Cambios, del más reciente al más antiguo">
          {data.slice(0, shown).map((change) => {
            const why = whyOf(change);
            return (
              <li
                key={change.id}
                className="border-t border-neutral-200 py-2 first:border-t-0 dark:border-neutral-800"
              >
                <p className="font-medium">{whatOf(change)}</p>
                <p className={muted}>
                  {why ? `${why} · ` : ''}
                  <time dateTime={change.changed_at.toISOString()}>
                    {when.format(change.changed_at)}
                  </time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {data.length > shown ? (
        <Button
          onClick={() => {
            setShown((count) => count + HISTORY_STEP);
          }}
        >
          {`Mostrar más (quedan ${String(data.length - shown)})`}
        </Button>
      ) : null}
    </Card>
  );
}
