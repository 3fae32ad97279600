import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { notify } from '#components/ui/notifications';
import {
  formatSpanishNumber,
  HEALTH_QUESTIONS,
  ONBOARDING_STEPS,
  type OnboardingAnswers,
  type OnboardingStepKey,
} from '@forja/shared/schemas/onboarding';
import { formatHeight, unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { Button } from '#components/ui/button';
import { primaryButton, textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import {
  ACTIVITY_LABELS,
  ALLERGEN_LABELS,
  EATING_PATTERN_LABELS,
  EQUIPMENT_LABELS,
  EXPERIENCE_LABELS,
  GOAL_LABELS,
  SEX_LABELS,
  TRAINING_KIND_NAMES,
} from './labels';
import { finishOnboarding, onboardingQuery } from './onboarding-api';
import { OnboardingLayout } from './onboarding-layout';
import { addressOf, STEP_TITLES, stepNumber } from './onboarding-steps';

interface OnboardingResumeProps {
  userId: string;
  system: MetricSystem;
  /** The targets computed from these answers, shown above them. */
  targets: ReactNode;
}

const FINISH_FAILED = 'No pudimos terminar la configuración. Inténtalo de nuevo';

/** The summary: targets, every answer with a way to change it, and the button that finishes. */
export function OnboardingResume({ userId, system, targets }: OnboardingResumeProps) {
  const query = onboardingQuery(userId);
  const { data: state } = useSuspenseQuery(query);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const complete = state.next_step === 'resume';

  async function finish() {
    setPending(true);
    try {
      const finished = await finishOnboarding(userId);
      queryClient.setQueryData(query.queryKey, finished);
      await navigate({ to: '/users/home' });
    } catch (error) {
      notify.error(errorMessage(error, FINISH_FAILED));
    } finally {
      setPending(false);
    }
  }

  return (
    <OnboardingLayout
      title="Tu plan"
      intro="Estos son los objetivos diarios calculados con tus respuestas. Puedes cambiar cualquier respuesta antes de empezar."
    >
      {targets}
      <section aria-labelledby="answers-title" className="flex flex-col gap-3">
        <h2 id="answers-title" className="text-xl font-bold">
          Tus respuestas
        </h2>
        <ul className="flex flex-col gap-3">
          {ONBOARDING_STEPS.map(({ key, path }) => (
            <li
              key={key}
              className="flex items-start justify-between gap-4 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
            >
              <div className="flex flex-col gap-1">
                <h3 className="font-semibold">
                  {stepNumber(key)}. {STEP_TITLES[key]}
                </h3>
                <p className="text-neutral-700 dark:text-neutral-300">
                  {summaryOf(key, state.answers, system) ?? 'Sin responder'}
                </p>
              </div>
              <Link
                to={addressOf(path)}
                search={{ from: 'resume' }}
                className={textLink}
                aria-label={`Editar ${STEP_TITLES[key].toLowerCase()}`}
              >
                Editar
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {complete ? (
        <Button variant="primary" onClick={() => void finish()} disabled={pending}>
          {pending ? 'Terminando...' : state.finished_at ? 'Volver al inicio' : 'Empezar mi plan'}
        </Button>
      ) : (
        <Link to={addressOf(state.next_step)} className={primaryButton}>
          Seguir respondiendo
        </Link>
      )}
    </OnboardingLayout>
  );
}

function list(values: readonly string[]): string {
  return new Intl.ListFormat('es', { type: 'conjunction' }).format(values);
}

/** One line per step, in the person's units. */
export function summaryOf(
  step: OnboardingStepKey,
  answers: OnboardingAnswers,
  system: MetricSystem,
): string | null {
  const units = unitLabels(system);
  const weight = (kg: number) =>
    `${formatSpanishNumber(weightForDisplay(kg, system))} ${units.weight}`;
  switch (step) {
    case 'goal': {
      const goal = answers.goal;
      if (!goal) return null;
      if (goal.goal === 'maintain') return GOAL_LABELS.maintain;
      return `${GOAL_LABELS[goal.goal]}: ${weight(goal.weekly_rate_kg)} por semana hasta ${weight(goal.goal_weight_kg)}`;
    }
    case 'body': {
      const body = answers.body;
      if (!body) return null;
      const height = formatHeight(body.height_cm, system);
      const fat = body.body_fat_percent
        ? `, ${formatSpanishNumber(body.body_fat_percent)} % de grasa`
        : '';
      const date = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${body.birth_date}T00:00:00Z`),
      );
      const born = body.sex === 'male' ? 'nacido' : 'nacida';
      return `${SEX_LABELS[body.sex]}, ${born} el ${date}, ${height}, ${weight(body.weight_kg)}${fat}`;
    }
    case 'activity': {
      const activity = answers.activity;
      if (!activity) return null;
      const hours = formatSpanishNumber(activity.training_hours_per_week);
      const kind = TRAINING_KIND_NAMES[activity.training_kind];
      return `Actividad ${ACTIVITY_LABELS[activity.activity_level].toLowerCase()}, ${String(activity.training_days_per_week)} días de entrenamiento por semana, ${hours} ${activity.training_hours_per_week === 1 ? 'hora' : 'horas'} en total (${kind})`;
    }
    case 'training': {
      const training = answers.training;
      if (!training) return null;
      return `${EXPERIENCE_LABELS[training.experience]}. ${list(training.equipment.map((item) => EQUIPMENT_LABELS[item]))}`;
    }
    case 'eating': {
      const eating = answers.eating;
      if (!eating) return null;
      const allergies = [
        ...eating.allergies.map((allergen) => ALLERGEN_LABELS[allergen]),
        ...(eating.other_allergies.trim() ? [eating.other_allergies.trim()] : []),
      ];
      return `${EATING_PATTERN_LABELS[eating.eating_pattern]}, ${String(eating.meals_per_day)} comidas al día. ${
        allergies.length ? `Alergias: ${list(allergies)}` : 'Sin alergias'
      }`;
    }
    case 'health': {
      const health = answers.health;
      if (!health) return null;
      const yes = HEALTH_QUESTIONS.filter((question) => health[question] === true).length;
      const screening = !health.health_data_consent
        ? 'Sin respuestas de salud guardadas'
        : yes
          ? `${String(yes)} ${yes === 1 ? 'respuesta' : 'respuestas'} a revisar con un profesional`
          : 'Sin problemas de salud indicados';
      const motherhood = [
        health.pregnancy_week !== null
          ? `embarazada de ${String(health.pregnancy_week)} semanas`
          : '',
        health.breastfeeding === 'exclusive' || health.breastfeeding === 'partial'
          ? 'das el pecho'
          : '',
      ].filter(Boolean);
      const mother = motherhood.length
        ? `. ${motherhood.join(' y ').replace(/^./, (first) => first.toUpperCase())}`
        : '';
      return `${screening}${mother}. ${health.share_with_trainer ? 'Compartes tus respuestas de salud con tu entrenador' : 'No compartes tus respuestas de salud con tu entrenador'}`;
    }
  }
}
