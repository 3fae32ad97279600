import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '#components/ui/notifications';
import { z } from 'zod';
import { USER_MESSAGES } from '@forja/shared/errors';
import { ACCOUNT_DELETION_WORD, accountDeletionSchema } from '@forja/shared/schemas/account';
import { passwordSchema } from '@forja/shared/schemas/auth';
import { validationMessages } from '@forja/shared/schemas/messages';
import {
  METRIC_SYSTEMS,
  THEMES,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@forja/shared/schemas/preferences';
import type { Subscription } from '@forja/shared/schemas/subscription';
import { SelectField, TextField } from '#components/ui/form-field';
import { Button } from '#components/ui/button';
import { focusRing, secondaryButton } from '#components/ui/styles';
import { setTheme } from '#lib/color-scheme';
import { ApiError, errorMessage, isGuessablePassword } from '#lib/api-error';
import { preferencesKey } from '#lib/query-keys';
import { PrivacySettings } from './privacy-settings';
import { TrainerCard } from './trainer-card';
import { TwoFactorSettings } from './two-factor-settings';
import { changePassword, deleteAccount, openBillingPortal, savePreferences } from './settings-api';
import { timeZoneGroups } from './time-zones';

interface SettingsScreenProps {
  userId: string;
  preferences: UserPreferences | null;
  subscription: Subscription | null;
  /** Called with the saved preferences, so every screen uses them at once. */
  onPreferencesSaved: (preferences: UserPreferences) => void;
  onLogout: () => void;
  logoutPending: boolean;
  /** Called once the account is gone: clear the session and leave. */
  onAccountDeleted: () => Promise<void>;
  /**
   * A trainer's settings leave out what belongs to a trainee (the subscription, their
   * trainer, the health-data consent) and lead to the profile their clients see.
   */
  audience?: 'trainee' | 'trainer';
  /** The notification settings (their route composes them). */
  notifications?: ReactNode;
}

const METRIC_SYSTEM_LABELS: Record<(typeof METRIC_SYSTEMS)[number], string> = {
  metric: 'Métrico (kg, cm, ml)',
  imperial: 'Imperial (lb, in, fl oz)',
};
const THEME_LABELS: Record<(typeof THEMES)[number], string> = {
  light: 'Claro',
  dark: 'Oscuro',
  system: 'Como el sistema',
};
const PLAN_LABELS: Record<Subscription['plan'], string> = {
  'free-trial-trainee': 'Prueba gratuita',
  'premium-trainee': 'Premium',
};
const STATUS_LABELS: Record<Subscription['status'], string> = {
  active: 'Activa',
  pending: 'Pendiente',
  past_due: 'Pago pendiente',
  canceled: 'Cancelada',
  expired: 'Caducada',
  incomplete: 'Incompleta',
};

const section = 'flex flex-col gap-4 border-t border-neutral-200 pt-6 dark:border-neutral-800';
const radioRow = `flex cursor-pointer items-center gap-3 rounded-lg border border-neutral-300 px-4 py-3 has-checked:border-orange-700 has-checked:bg-orange-50 dark:border-neutral-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950 ${focusRing}`;

interface PreferencesChange {
  update: UserPreferencesUpdate;
  /** What the toast says once it is saved. */
  done: string;
}

/**
 * A choice shows as made at once (and the theme applies at once); it goes back if the
 * server refuses it.
 */
function usePreferencesChange(
  userId: string,
  preferences: UserPreferences | null,
  onSaved: (preferences: UserPreferences) => void,
) {
  const queryClient = useQueryClient();
  const queryKey = preferencesKey(userId);
  return useMutation({
    mutationFn: ({ update }: PreferencesChange) => savePreferences(preferences, update),
    onMutate: async ({ update }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<UserPreferences | null>(queryKey) ?? null;
      if (previous) queryClient.setQueryData(queryKey, { ...previous, ...update });
      if (update.theme) setTheme(update.theme);
      return { previous };
    },
    onError: (error, { update }, context) => {
      queryClient.setQueryData(queryKey, context?.previous ?? null);
      if (update.theme) setTheme(context?.previous?.theme ?? 'system');
      notify.error(errorMessage(error, USER_MESSAGES.preferencesUpdate));
    },
    onSuccess: (saved, { done }) => {
      onSaved(saved);
      notify.success(done);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export function SettingsScreen(props: SettingsScreenProps) {
  const { preferences, audience = 'trainee' } = props;
  const change = usePreferencesChange(props.userId, preferences, props.onPreferencesSaved);
  // Preferences created by this change are not in the cache yet: show the choice meanwhile.
  const unsaved = change.isPending ? change.variables.update : {};
  const saving = change.isPending;

  const metricSystem = unsaved.metric_system ?? preferences?.metric_system ?? 'metric';
  const theme = unsaved.theme ?? preferences?.theme ?? 'system';
  const timezone = unsaved.timezone ?? preferences?.timezone ?? 'Europe/Madrid';

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Ajustes</h1>

      {audience === 'trainer' && (
        <Section id="profile" title="Perfil">
          <p className="text-neutral-700 dark:text-neutral-300">
            Tus clientes ven tu nombre y tu foto en sus invitaciones y en sus ajustes.
          </p>
          <div>
            <Link to="/trainers/profile" className={`${secondaryButton} inline-flex`}>
              Editar perfil
            </Link>
          </div>
        </Section>
      )}

      <Section id="units" title="Unidades">
        <RadioGroup
          legend="Sistema de medida"
          name="metric_system"
          value={metricSystem}
          labels={METRIC_SYSTEM_LABELS}
          disabled={saving}
          onChange={(value) => {
            change.mutate({ update: { metric_system: value }, done: 'Unidades guardadas' });
          }}
        />
      </Section>

      <Section id="theme" title="Tema">
        <RadioGroup
          legend="Apariencia"
          name="theme"
          value={theme}
          labels={THEME_LABELS}
          disabled={saving}
          onChange={(value) => {
            change.mutate({ update: { theme: value }, done: 'Tema guardado' });
          }}
        />
      </Section>

      <Section id="timezone" title="Zona horaria">
        <TimezoneField
          value={timezone}
          disabled={saving}
          onChange={(value) => {
            change.mutate({ update: { timezone: value }, done: 'Zona horaria guardada' });
          }}
        />
      </Section>

      {props.notifications && (
        <Section id="notifications" title="Avisos">
          {props.notifications}
        </Section>
      )}

      <Section id="password" title="Contraseña">
        <PasswordForm />
      </Section>

      <Section id="two-factor" title="Verificación en dos pasos">
        <TwoFactorSettings userId={props.userId} trainer={audience === 'trainer'} />
      </Section>

      {audience === 'trainee' && (
        <Section id="subscription" title="Suscripción">
          <SubscriptionDetails subscription={props.subscription} />
        </Section>
      )}

      <Section id="session" title="Sesión">
        <div>
          <Button disabled={props.logoutPending} onClick={props.onLogout}>
            {props.logoutPending ? 'Cerrando sesión...' : 'Cerrar sesión'}
          </Button>
        </div>
      </Section>

      {audience === 'trainee' && (
        <>
          <Section id="trainer" title="Tu entrenador">
            <TrainerCard userId={props.userId} />
          </Section>

          <Section id="privacy" title="Privacidad">
            <PrivacySettings userId={props.userId} />
          </Section>
        </>
      )}

      <Section id="delete" title="Eliminar cuenta">
        <DeleteAccount userId={props.userId} onDeleted={props.onAccountDeleted} />
      </Section>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={section}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface RadioGroupProps<T extends string> {
  legend: string;
  name: string;
  value: T;
  labels: Record<T, string>;
  disabled: boolean;
  onChange: (value: T) => void;
}

function RadioGroup<T extends string>({
  legend,
  name,
  value,
  labels,
  disabled,
  onChange,
}: RadioGroupProps<T>) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {(Object.keys(labels) as T[]).map((option) => (
          <label key={option} className={radioRow}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => {
                onChange(option);
              }}
              className="size-4 accent-orange-700"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TimezoneField({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const groups = useMemo(() => timeZoneGroups(value, new Date()), [value]);
  return (
    <SelectField
      label="Zona horaria"
      hint="Los días de tu diario empiezan y terminan a medianoche en esta zona."
      value={value}
      disabled={disabled}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    >
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}

const passwordFormSchema = z
  .strictObject({
    current_password: z
      .string()
      .min(1, { error: validationMessages.nonEmpty('La contraseña actual') }),
    password: passwordSchema,
    password_confirmation: passwordSchema,
  })
  .refine((form) => form.password === form.password_confirmation, {
    error: validationMessages.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });
type PasswordChangeForm = z.infer<typeof passwordFormSchema>;

function PasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const submit = async ({ current_password, password }: PasswordChangeForm) => {
    try {
      await changePassword({ current_password, password });
      reset();
      notify.success('Contraseña cambiada. Hemos cerrado tus otras sesiones');
    } catch (error) {
      if (isGuessablePassword(error)) {
        setError('password', { message: error.message }, { shouldFocus: true });
        return;
      }
      notify.error(
        error instanceof ApiError && error.status === 401
          ? 'La contraseña actual no es correcta'
          : errorMessage(error, 'No pudimos cambiar la contraseña'),
      );
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-4"
    >
      <TextField
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <TextField
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Repite la nueva contraseña"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <div>
        <Button variant="primary" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Cambiando...' : 'Cambiar contraseña'}
        </Button>
      </div>
    </form>
  );
}

const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });

function SubscriptionDetails({ subscription }: { subscription: Subscription | null }) {
  const [opening, setOpening] = useState(false);
  if (!subscription) return <p>No tienes ninguna suscripción.</p>;

  async function manage() {
    setOpening(true);
    try {
      const portal = await openBillingPortal();
      window.location.assign(portal.url);
    } catch (error) {
      notify.error(errorMessage(error, 'Ocurrió un error al abrir la gestión de tu suscripción'));
      setOpening(false);
    }
  }

  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium">Plan</dt>
        <dd>{PLAN_LABELS[subscription.plan]}</dd>
        <dt className="font-medium">Estado</dt>
        <dd>{STATUS_LABELS[subscription.status]}</dd>
        <dt className="font-medium">
          {subscription.status === 'canceled' ? 'Termina el' : 'Próxima renovación'}
        </dt>
        <dd>{longDate.format(subscription.end_date)}</dd>
      </dl>
      <div>
        <Button onClick={() => void manage()} disabled={opening}>
          {opening ? 'Abriendo...' : 'Cancelar o cambiar la tarjeta'}
        </Button>
      </div>
    </>
  );
}

/** The shared deletion request, with the word checked as the server checks it. */
const deletionFormSchema = accountDeletionSchema.extend({
  confirmation: accountDeletionSchema.shape.confirmation.refine(
    (typed) => typed.trim() === ACCOUNT_DELETION_WORD,
    { error: `Escribe ${ACCOUNT_DELETION_WORD}, en mayúsculas, para confirmar` },
  ),
});

function DeleteAccount({ userId, onDeleted }: { userId: string; onDeleted: () => Promise<void> }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(deletionFormSchema),
    defaultValues: { confirmation: '', password: '' },
  });

  const remove = async ({ password }: { password: string }) => {
    try {
      await deleteAccount(userId, password);
      notify.success('Tu cuenta y todos tus datos se han eliminado');
      await onDeleted();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setError('password', { message: 'La contraseña no es correcta' });
      } else {
        notify.error(errorMessage(error, 'No pudimos eliminar tu cuenta. Inténtalo de nuevo'));
      }
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(remove)(event)}
      className="flex flex-col gap-4 rounded-xl border border-red-300 p-4 dark:border-red-800"
    >
      <p>
        Se borrarán tu perfil, tus respuestas, tus objetivos, tu diario y tus métricas, y se
        cancelará tu suscripción. No se puede deshacer.
      </p>
      <TextField
        label={`Escribe ${ACCOUNT_DELETION_WORD} para confirmar`}
        autoComplete="off"
        error={errors.confirmation?.message}
        {...register('confirmation')}
      />
      <TextField
        label="Tu contraseña"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div>
        <Button variant="danger" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Eliminando...' : 'Eliminar mi cuenta'}
        </Button>
      </div>
    </form>
  );
}
