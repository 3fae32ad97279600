import { litresForDisplay } from '@forja/shared/fluid-units';
import type { Targets } from '@forja/shared/schemas/targets';
import { KG_PER_LB, unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { adaptedTargetLine, trainerTargetLine } from '#lib/trainer-targets';
import {
  formatCalendarDate,
  formatDecimal,
  formatGrams,
  formatKcal,
  formatPrecise,
} from './format';

const FORMULA_NAMES: Record<Targets['formula'], string> = {
  'mifflin-st-jeor': 'Mifflin-St Jeor',
  'katch-mcardle': 'Katch-McArdle',
};

interface TargetsSummaryProps {
  targets: Targets;
  system: MetricSystem;
}

/** Grams per kilogram of body weight, or per pound in imperial units. */
function perBodyWeight(gramsPerKg: number, system: MetricSystem): string {
  const value = system === 'imperial' ? gramsPerKg * KG_PER_LB : gramsPerKg;
  return `${formatPrecise(value)} g/${unitLabels(system).weight}`;
}

/** Every daily target with how it was reached, as the resume screen shows it. */
export function TargetsSummary({ targets, system }: TargetsSummaryProps) {
  const units = unitLabels(system);
  const water = litresForDisplay(targets.water_l, system);
  const drinks = litresForDisplay(targets.drinks_l, system);
  const weekly = weightForDisplay(Math.abs(targets.weekly_change_kg), system);
  const rate =
    targets.weekly_change_kg === 0
      ? 'Mantener tu peso'
      : `${targets.weekly_change_kg < 0 ? 'Perder' : 'Ganar'} ${formatDecimal(weekly)} ${units.weight} por semana`;
  const trainerLine = trainerTargetLine(targets) ?? adaptedTargetLine(targets);
  const macros = [
    { name: 'Proteína', grams: targets.protein_g, perKg: targets.protein_g_per_kg },
    { name: 'Grasa', grams: targets.fat_g, perKg: targets.fat_g_per_kg },
    { name: 'Carbohidratos', grams: targets.carbohydrate_g, perKg: targets.carbohydrate_g_per_kg },
  ];

  return (
    <section aria-labelledby="targets-title" className="flex flex-col gap-4">
      <h2 id="targets-title" className="text-xl font-bold">
        Tus objetivos diarios
      </h2>
      <div className="rounded-xl bg-orange-50 p-5 dark:bg-orange-950">
        <p className="text-sm font-semibold text-orange-900 dark:text-orange-200">Energía</p>
        <p className="text-4xl font-extrabold tracking-tight" data-testid="energy-target">
          {formatKcal(targets.energy_kcal)}
        </p>
        <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{rate}</p>
        {trainerLine ? (
          <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{trainerLine}</p>
        ) : null}
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        {macros.map((macro) => (
          <div
            key={macro.name}
            className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
          >
            <dt className="text-sm font-semibold">{macro.name}</dt>
            <dd className="text-2xl font-bold">{formatGrams(macro.grams)}</dd>
            <dd className="text-sm text-neutral-700 dark:text-neutral-300">
              {perBodyWeight(macro.perKg, system)}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
        <dt className="font-medium">Metabolismo basal</dt>
        <dd>
          {formatKcal(targets.bmr_kcal)}{' '}
          <span className="text-neutral-700 dark:text-neutral-300">
            (fórmula de {FORMULA_NAMES[targets.formula]})
          </span>
        </dd>
        <dt className="font-medium">Gasto diario total</dt>
        <dd>
          {formatKcal(targets.tdee_kcal)}{' '}
          <span className="text-neutral-700 dark:text-neutral-300">
            (× {formatPrecise(targets.activity_factor)} por tu día a día
            {targets.exercise_kcal > 0
              ? ` y ${formatKcal(targets.exercise_kcal)} de entrenamiento`
              : ''}
            )
          </span>
        </dd>
        <dt className="font-medium">Fibra</dt>
        <dd>{formatGrams(targets.fibre_g)}</dd>
        <dt className="font-medium">Agua</dt>
        <dd>
          {formatDecimal(drinks.value)} {drinks.unit} en bebidas{' '}
          <span className="text-neutral-700 dark:text-neutral-300">
            (de {formatDecimal(water.value)} {water.unit} en total: el resto llega con la comida)
          </span>
        </dd>
        <dt className="font-medium">Ritmo semanal</dt>
        <dd>{rate}</dd>
        {targets.goal_date ? (
          <>
            <dt className="font-medium">Fecha estimada</dt>
            <dd>
              {formatDecimal(weightForDisplay(targets.goal_weight_kg, system))} {units.weight} el{' '}
              {formatCalendarDate(targets.goal_date)}
            </dd>
          </>
        ) : null}
      </dl>
      <TargetNotes notes={targets.notes} />
    </section>
  );
}

type Note = Targets['notes'][number];
/**
 * Notes worth a second look; who set the energy (a trainer, or a weekly adjustment the
 * trainee accepted) is told beside the energy instead.
 */
const BESIDE_THE_ENERGY = ['set_by_trainer', 'adapted_to_expenditure'] as const;
type EnergySource = (typeof BESIDE_THE_ENERGY)[number];
const NOTE_TEXTS: Record<Exclude<Note, EnergySource>, string> = {
  limited_by_bmr:
    'El ritmo que elegiste te dejaría por debajo de tu metabolismo basal, así que lo hemos ajustado a un ritmo más seguro.',
  goal_weight_reached:
    'Tu peso objetivo ya está alcanzado con tu peso actual, así que tus objetivos son de mantenimiento.',
  health_review:
    'Indicaste algún problema de salud: consulta con un profesional sanitario antes de seguir este plan.',
  limited_by_minimum:
    'El ritmo que elegiste te dejaría por debajo de la energía mínima recomendada (1200 kcal al día para mujeres y 1500 para hombres), así que lo hemos ajustado a un ritmo más seguro.',
  pace_limited:
    'Hemos limitado tu ritmo al 1 % de tu peso por semana: perder más deprisa suele costar músculo y es difícil de mantener.',
  pregnancy:
    'Durante el embarazo no te proponemos comer por debajo de lo que gastas, y sumamos la energía y la proteína de tu trimestre. Sigue las indicaciones de tu matrona o de tu médico.',
  breastfeeding:
    'Mientras das el pecho sumamos la energía y la proteína de la leche y no bajamos de 1800 kcal al día; si quieres perder peso, como mucho medio kilo por semana y a partir de las 8 semanas. Sigue las indicaciones de tu matrona o de tu médico.',
  limited_by_obesity_deficit:
    'Tu déficit se queda en 750 kcal al día, lo que recomiendan las guías de obesidad: perder más deprisa cuesta músculo y es difícil de mantener.',
  under_18:
    'Las fórmulas que usamos están validadas a partir de los 18 años, así que no te proponemos comer por debajo de lo que gastas. Habla con tu médico o con un dietista-nutricionista antes de intentar perder peso.',
  underweight:
    'Tu índice de masa corporal ya está por debajo de 18,5, así que no te proponemos perder peso: tus objetivos son de mantenimiento. Si quieres cambiar tu peso, consulta con un profesional sanitario.',
  goal_weight_underweight:
    'Tu peso objetivo quedaría por debajo de un índice de masa corporal de 18,5, que es bajo peso para tu altura, así que no te damos una fecha para alcanzarlo. Te recomendamos elegir un peso objetivo más alto.',
};

function TargetNotes({ notes }: { notes: Targets['notes'] }) {
  const shown = notes.filter(
    (note): note is Exclude<Note, EnergySource> =>
      !(BESIDE_THE_ENERGY as readonly Note[]).includes(note),
  );
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {shown.map((note) => (
        <li
          key={note}
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          {NOTE_TEXTS[note]}
        </li>
      ))}
    </ul>
  );
}
