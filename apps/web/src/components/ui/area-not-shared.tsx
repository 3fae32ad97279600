import type { ConsentArea } from '@forja/shared/constants';

/** Each area as the trainer reads about it: what it is, and what they miss without it. */
const NOT_SHARED: Record<ConsentArea, { what: string; missing: string }> = {
  diary: {
    what: 'su diario',
    missing: 'Sin él no ves lo que come ni sus objetivos, y no puedes cambiarlos.',
  },
  training: {
    what: 'su entrenamiento',
    missing: 'Sin él no ves sus sesiones ni sus series.',
  },
  body: { what: 'su cuerpo', missing: 'Sin él no ves su peso ni sus medidas.' },
  check_ins: {
    what: 'sus revisiones',
    missing: 'Sin ellas no ves lo que responde cada semana.',
  },
};

/**
 * What a tab of a trainee's file shows when the trainee does not share its area: said
 * plainly, and nothing of that area is asked for.
 */
export function AreaNotShared({ area, name }: { area: ConsentArea; name: string }) {
  const { what, missing } = NOT_SHARED[area];
  return (
    <div
      role="status"
      className="rounded-xl border border-dashed border-neutral-400 p-6 dark:border-neutral-600"
    >
      <p className="font-semibold">{`${name} no comparte contigo ${what}.`}</p>
      <p className="mt-1 text-neutral-700 dark:text-neutral-300">
        {`${missing} Puede ${area === 'check_ins' ? 'compartirlas' : 'compartirlo'} cuando quiera desde sus ajustes.`}
      </p>
    </div>
  );
}
