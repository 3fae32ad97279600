import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Targets } from '@forja/shared/schemas/targets';
import type { Today } from '@forja/shared/schemas/today';
import { WEEKDAY_LABELS, type Weekday } from '@forja/shared/training-plan';
import { unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { NutrientBars } from '#components/ui/nutrient-bars';
import { ProgressBar } from '#components/ui/progress-bar';
import { Card, cardFrame } from '#components/ui/card';
import { Button } from '#components/ui/button';
import { secondaryButton, textLink } from '#components/ui/styles';
import { formatWater } from '#lib/diary-format';
import { safetyLine } from '#lib/target-safety';
import { adaptedTargetLine, trainerTargetLine } from '#lib/trainer-targets';
import { TrainerComments } from './trainer-comments';
import { PlannedSessionCard } from './planned-session-card';
import { WeightTrend } from './weight-trend';
import { dateTimeFormat } from '#lib/intl-formats';

/**
 * Why there are no targets to show: none made from the answers yet, none on this device
 * without signal, or the read failed.
 */
export type MissingTargets = 'none' | 'offline' | 'failed';

interface HomeScreenProps {
  firstName: string;
  targets: Targets | null;
  /** When `targets` is null; 'none' unless told. */
  missingTargets?: MissingTargets;
  /** Reads the targets again, after a failed read. */
  onReadTargetsAgain?: () => void;
  today: Today;
  system: MetricSystem;
  /** From the onboarding, for today's training against the plan. */
  trainingDaysPerWeek: number | null;
  /** The weekly check-in's card, composed by the route (decision 061). */
  checkIn?: ReactNode;
  /** The week's adjustment of the energy target, composed by the route (decision 066). */
  proposal?: ReactNode;
  /** Water in one tap (+250 ml, +500 ml…), composed by the route from the diary. */
  water?: ReactNode;
}

const number = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
function formatDay(isoDate: string): string {
  return dateTimeFormat({ weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

const weekdayList = new Intl.ListFormat('es', { type: 'conjunction' });
const dayAndMonth = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/**
 * The trainer's program as the plan: "Tu programa «Fuerza 3 días»: lunes, miércoles y
 * jueves", and from when, while it has not started.
 */
function programLine(program: NonNullable<Today['training']['program']>, date: string): string {
  const days = weekdayList.format(
    program.weekdays.flatMap((day) => {
      const label = WEEKDAY_LABELS[day as Weekday] as string | undefined;
      return label ? [label.toLowerCase()] : [];
    }),
  );
  const start =
    program.starts_on > date
      ? `, desde el ${dayAndMonth.format(new Date(`${program.starts_on}T00:00:00Z`))}`
      : '';
  return `Tu programa «${program.name}»: ${days}${start}`;
}

/** Today at a glance: energy left, macros, water, training and weight, with quick actions. */
export function HomeScreen({
  firstName,
  targets,
  missingTargets = 'none',
  onReadTargetsAgain,
  today,
  system,
  trainingDaysPerWeek,
  checkIn,
  proposal,
  water,
}: HomeScreenProps) {
  const units = unitLabels(system);
  const name = firstName.trim();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">
          {name ? `Hola, ${name}` : 'Hola'}
        </h1>
        <p className="text-neutral-700 first-letter:uppercase dark:text-neutral-300">
          {formatDay(today.date)}
        </p>
      </div>

      <TrainerComments />
      {checkIn}
      {proposal}

      <PlannedSessionCard date={today.date} />
      {targets ? (
        <>
          <EnergyCard targets={targets} today={today} />
          {/* Water just below the energy: a tap away without scrolling on a phone. */}
          <Card title="Agua">
            <WaterAmount drunk={today.water_l} target={targets.drinks_l} system={system} />
            {water}
          </Card>
          <div className="grid gap-4 sm:grid-cols-2">
            <Card title="Macronutrientes">
              <NutrientBars values={today.intake} targets={targets} />
            </Card>
            <Card title="Entrenamiento de hoy">
              <p className="text-2xl font-bold">
                {today.training.sessions === 0
                  ? 'Sin registrar'
                  : `${String(today.training.sessions)} ${today.training.sessions === 1 ? 'sesión' : 'sesiones'}, ${String(today.training.sets)} series`}
              </p>
              {today.training.program ? (
                <p className="text-neutral-700 dark:text-neutral-300">
                  {programLine(today.training.program, today.date)}
                </p>
              ) : trainingDaysPerWeek !== null ? (
                <p className="text-neutral-700 dark:text-neutral-300">
                  Tu plan: {trainingDaysPerWeek} {trainingDaysPerWeek === 1 ? 'día' : 'días'} por
                  semana
                </p>
              ) : null}
            </Card>
          </div>
        </>
      ) : (
        <NoTargets why={missingTargets} onReadAgain={onReadTargetsAgain} />
      )}

      <Card title="Peso">
        {today.weight.latest_kg !== null ? (
          <p className="text-2xl font-bold">
            {number.format(weightForDisplay(today.weight.latest_kg, system))} {units.weight}
          </p>
        ) : (
          <p>Aún no has registrado tu peso.</p>
        )}
        {targets && targets.goal_date ? (
          <p className="text-neutral-700 dark:text-neutral-300">
            Objetivo: {number.format(weightForDisplay(targets.goal_weight_kg, system))}{' '}
            {units.weight} hacia el{' '}
            {dateTimeFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(
              new Date(`${targets.goal_date}T00:00:00Z`),
            )}
            , a {number.format(weightForDisplay(Math.abs(targets.weekly_change_kg), system))}{' '}
            {units.weight} por semana
          </p>
        ) : null}
        <WeightTrend entries={today.weight.entries} system={system} />
      </Card>

      <nav aria-label="Acciones rápidas">
        <ul className="grid gap-2 sm:grid-cols-3">
          <li>
            <Link to="/users/diary" className={`${secondaryButton} w-full`}>
              Registrar comida
            </Link>
          </li>
          <li>
            <Link to="/users/metrics" className={`${secondaryButton} w-full`}>
              Registrar peso
            </Link>
          </li>
          <li>
            <Link to="/users/onboarding/resume" className={`${secondaryButton} w-full`}>
              Ver mis objetivos
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** Said where the energy, water and macros would be. */
function NoTargets({ why, onReadAgain }: { why: MissingTargets; onReadAgain?: () => void }) {
  if (why === 'offline') {
    return (
      <p className={cardFrame}>
        Sin conexión. Tus objetivos aún no están guardados en este dispositivo: aparecerán en cuanto
        vuelvas a tener conexión.
      </p>
    );
  }
  if (why === 'failed') {
    return (
      <div role="alert" className={`${cardFrame} flex flex-col items-start gap-3`}>
        <p>No se han podido cargar tus objetivos.</p>
        {onReadAgain ? <Button onClick={onReadAgain}>Reintentar</Button> : null}
      </div>
    );
  }
  return (
    <p className={cardFrame}>
      Aún no tenemos tus objetivos.{' '}
      <Link to="/users/onboarding" className={textLink}>
        Completa tu configuración
      </Link>
    </p>
  );
}

function EnergyCard({ targets, today }: { targets: Targets; today: Today }) {
  const left = targets.energy_kcal - today.intake.energy_kcal;
  const trainerLine = trainerTargetLine(targets) ?? adaptedTargetLine(targets);
  const safety = safetyLine(targets);
  return (
    <section
      aria-labelledby="energy-title"
      className="flex flex-col gap-3 rounded-xl bg-orange-50 p-5 dark:bg-orange-950"
    >
      <h2 id="energy-title" className="text-sm font-semibold text-orange-900 dark:text-orange-200">
        {left >= 0 ? 'Energía que te queda hoy' : 'Energía por encima de tu objetivo'}
      </h2>
      <p className="text-4xl font-extrabold tracking-tight" data-testid="energy-left">
        {number.format(Math.abs(left))} kcal
      </p>
      <ProgressBar
        label="Energía consumida"
        value={today.intake.energy_kcal}
        max={targets.energy_kcal}
        valueText={`${number.format(today.intake.energy_kcal)} de ${number.format(targets.energy_kcal)} kcal`}
        warnAbove
      />
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        {number.format(today.intake.energy_kcal)} de {number.format(targets.energy_kcal)} kcal
        consumidas
      </p>
      {trainerLine ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{trainerLine}</p>
      ) : null}
      {safety ? <p className="text-sm text-neutral-700 dark:text-neutral-300">{safety}</p> : null}
    </section>
  );
}

function WaterAmount({
  drunk,
  target,
  system,
}: {
  drunk: number;
  target: number;
  system: MetricSystem;
}) {
  // Litres from the day's summary, shown in the diary's words: ml, or fl oz.
  const text = `${formatWater(drunk * 1000, system)} de ${formatWater(target * 1000, system)}`;
  return (
    <>
      <p className="text-2xl font-bold" data-testid="home-water">
        {text}
      </p>
      <ProgressBar label="Agua" value={drunk} max={target} valueText={text} />
    </>
  );
}
