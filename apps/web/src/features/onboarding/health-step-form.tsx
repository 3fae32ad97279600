import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from '@tanstack/react-router';
import {
  HEALTH_QUESTIONS,
  healthStepSchema,
  type BodyAnswer,
  type HealthAnswer,
  type HealthQuestion,
} from '@forja/shared/schemas/onboarding';
import { focusRing, fieldControl, textLink } from '#components/ui/styles';
import { ChoiceField, optionsOf } from '#components/ui/choice-field';
import { BREASTFEEDING_LABELS, HEALTH_QUESTION_LABELS } from './labels';
import { CHOOSE_ONE, type StepFormProps } from './step-actions';
import { FieldError, TextField } from '#components/ui/form-field';
import { parseNumberInput } from '#lib/number-input';

/** The form's values: unticked boxes and empty notes stand for health answers not given. */
type HealthForm = { [Q in HealthQuestion]: boolean } & {
  health_data_consent: boolean;
  /** Empty when not pregnant. */
  pregnancy_week: string;
  breastfeeding: string;
  breastfeeding_since: string;
  health_notes: string;
  share_with_trainer: boolean;
};

/**
 * Pregnancy and breastfeeding are asked of women, and of anyone who has not said their sex
 * yet; anyone else answers "no" without being asked.
 */
function asksMotherhood(body: BodyAnswer | null | undefined): boolean {
  return body?.sex !== 'male';
}

function formValues(initial: HealthAnswer | null, asked: boolean): HealthForm {
  const questions = Object.fromEntries(
    HEALTH_QUESTIONS.map((question) => [question, initial?.[question] ?? false]),
  ) as Record<HealthQuestion, boolean>;
  const consented = initial?.health_data_consent === true;
  return {
    ...questions,
    health_data_consent: initial?.health_data_consent ?? false,
    pregnancy_week: initial?.pregnancy_week == null ? '' : String(initial.pregnancy_week),
    // An answer to the older single question leaves breastfeeding to be answered again.
    breastfeeding: !asked ? 'no' : consented ? (initial.breastfeeding ?? '') : '',
    breastfeeding_since: initial?.breastfeeding_since ?? '',
    health_notes: initial?.health_notes ?? '',
    share_with_trainer: initial?.share_with_trainer ?? false,
  };
}

/** Without the consent only the two choices are sent: no health answer leaves the browser. */
function prepare(values: HealthForm): unknown {
  if (!values.health_data_consent) {
    return { health_data_consent: false, share_with_trainer: values.share_with_trainer };
  }
  const feeding = values.breastfeeding !== 'no' && values.breastfeeding !== '';
  return {
    ...values,
    pregnancy_week:
      values.pregnancy_week.trim() === '' ? null : parseNumberInput(values.pregnancy_week),
    breastfeeding: values.breastfeeding === '' ? null : values.breastfeeding,
    breastfeeding_since:
      feeding && values.breastfeeding_since !== '' ? values.breastfeeding_since : null,
  };
}

const checkboxRow = `flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-300 p-3 has-checked:border-orange-700 has-checked:bg-orange-50 dark:border-neutral-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950 ${focusRing}`;

export function HealthStepForm({
  initial,
  body,
  onSubmit,
  actions,
}: StepFormProps<HealthAnswer> & { body?: BodyAnswer | null }) {
  const asked = asksMotherhood(body);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<HealthForm, unknown, HealthAnswer>({
    resolver: zodResolver(z.preprocess(prepare, healthStepSchema({ today: new Date() }))),
    defaultValues: formValues(initial, asked),
  });
  const consents = useWatch({ control, name: 'health_data_consent' });
  const breastfeeding = useWatch({ control, name: 'breastfeeding' });
  const anyYes = useWatch({ control, name: [...HEALTH_QUESTIONS] }).some(Boolean);

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-1.5">
        <label className={checkboxRow}>
          <input
            type="checkbox"
            className="mt-1 size-4 accent-orange-700"
            aria-invalid={errors.health_data_consent ? true : undefined}
            aria-describedby={errors.health_data_consent ? 'health-consent-error' : undefined}
            {...register('health_data_consent')}
          />
          <span className="flex flex-col">
            <span className="font-medium">
              Doy mi consentimiento explícito para que Forja trate mis datos de salud para calcular
              mis objetivos y avisarme cuando convenga consultar a un profesional
            </span>
            <span className="text-sm text-neutral-600 dark:text-neutral-300">
              Es voluntario. Puedes retirarlo cuando quieras en Ajustes y borraremos tus respuestas
              de salud al momento.{' '}
              <Link to="/legal/privacy" target="_blank" className={textLink}>
                Política de privacidad
              </Link>
            </span>
          </span>
        </label>
        <FieldError id="health-consent-error" message={errors.health_data_consent?.message} />
      </div>
      {consents ? (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">Marca lo que te ocurra</legend>
            <p className="text-sm text-neutral-600 dark:text-neutral-300">
              Si no te ocurre nada de esto, déjalo todo sin marcar.
            </p>
            {HEALTH_QUESTIONS.map((question) => (
              <label key={question} className={checkboxRow}>
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-orange-700"
                  {...register(question)}
                />
                <span>{HEALTH_QUESTION_LABELS[question]}</span>
              </label>
            ))}
          </fieldset>
          {asked ? (
            <>
              <TextField
                label="Semana de embarazo"
                inputMode="numeric"
                hint="Solo si estás embarazada: la semana en la que estás, de 1 a 42. Si no, déjalo vacío."
                error={errors.pregnancy_week?.message}
                {...register('pregnancy_week')}
              />
              <ChoiceField
                legend="¿Das el pecho?"
                type="radio"
                columns={1}
                options={optionsOf(BREASTFEEDING_LABELS)}
                registration={register('breastfeeding')}
                error={errors.breastfeeding ? CHOOSE_ONE : undefined}
              />
              {breastfeeding === 'exclusive' || breastfeeding === 'partial' ? (
                <TextField
                  label="Desde cuándo das el pecho"
                  type="date"
                  hint="La fecha del nacimiento, si no recuerdas otra."
                  error={errors.breastfeeding_since?.message}
                  {...register('breastfeeding_since')}
                />
              ) : null}
            </>
          ) : null}
          {anyYes ? (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
            >
              Consulta con tu médico antes de empezar un plan de ejercicio o de cambiar tu
              alimentación. Tu entrenador lo tendrá en cuenta.
            </p>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor="health-notes" className="font-medium">
              Observaciones de salud
            </label>
            <textarea
              id="health-notes"
              rows={3}
              className={fieldControl}
              aria-describedby="health-notes-hint"
              {...register('health_notes')}
            />
            <p id="health-notes-hint" className="text-sm text-neutral-600 dark:text-neutral-300">
              Opcional: lesiones, operaciones, medicación…
            </p>
            <FieldError message={errors.health_notes?.message} />
          </div>
        </>
      ) : (
        <p className="rounded-lg border border-neutral-300 p-3 dark:border-neutral-600">
          Sin tu consentimiento no guardamos ninguna respuesta de salud. Puedes continuar
          igualmente: es como elegir «prefiero no responder».
        </p>
      )}
      <label className={checkboxRow}>
        <input
          type="checkbox"
          className="mt-1 size-4 accent-orange-700"
          {...register('share_with_trainer')}
        />
        <span className="flex flex-col">
          <span className="font-medium">Comparto mis respuestas de salud con mi entrenador</span>
          <span className="text-sm text-neutral-600 dark:text-neutral-300">
            Podrá ver estas respuestas y tus alergias para ayudarte. Qué más ve (tu diario, tus
            entrenamientos, tu cuerpo, tus revisiones) lo eliges aparte, en Ajustes. Puedes retirar
            el permiso cuando quieras.
          </span>
        </span>
      </label>
      {actions}
    </form>
  );
}
