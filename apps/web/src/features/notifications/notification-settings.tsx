import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import {
  notificationSettingsInputSchema,
  type NotificationKind,
  type NotificationSettings as Settings,
  type NotificationSettingsInput,
} from '@forja/shared/schemas/notifications';
import { SelectField, TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import {
  notificationSettingsQuery,
  pushPublicKey,
  removePushSubscription,
  saveNotificationSettings,
  savePushSubscription,
} from './notifications-api';
import { unsubscribeThisBrowser } from '#lib/push-subscription';
import { currentPushState, PushSetupError, subscribeThisBrowser } from './push';

type Audience = 'trainee' | 'trainer';

const KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'Comentarios',
  message: 'Mensajes',
  check_in_due: 'Revisiones pendientes',
  check_in_answered: 'Revisiones respondidas',
  program_assigned: 'Programas asignados',
  reminder: 'Tus recordatorios',
};

/** A trainer is never given a program nor reminded of their own logging. */
const KINDS_FOR: Record<Audience, NotificationKind[]> = {
  trainee: [
    'comment',
    'message',
    'check_in_due',
    'check_in_answered',
    'program_assigned',
    'reminder',
  ],
  trainer: ['comment', 'message', 'check_in_due', 'check_in_answered'],
};

const CHANNELS = [
  { key: 'in_app', label: 'En la app' },
  { key: 'push', label: 'En el dispositivo' },
  { key: 'email', label: 'Resumen por correo' },
] as const;

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

const checkboxCell = `flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-800 has-focus-visible:outline-2 has-focus-visible:outline-orange-700`;
const checkbox = 'size-5 accent-orange-700';

/**
 * Ajustes › Avisos (decision 062): this device's push (asked for only on a tap), the channels
 * of each kind, and, for a trainee, the reminders at a local time of theirs.
 */
export function NotificationSettings({ audience }: { audience: Audience }) {
  const settings = useQuery(notificationSettingsQuery);
  if (settings.isPending) return <p>Cargando...</p>;
  if (settings.isError) {
    return <p>{errorMessage(settings.error, 'No pudimos cargar tus avisos')}</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      <DevicePush available={settings.data.push_available} />
      <ChannelsForm settings={settings.data} audience={audience} />
    </div>
  );
}

const pushStateKey = ['notifications', 'push-state'] as const;

function DevicePush({ available }: { available: boolean }) {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: pushStateKey, queryFn: currentPushState, staleTime: 0 });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: pushStateKey });
    await queryClient.invalidateQueries({ queryKey: notificationSettingsQuery.queryKey });
  };
  const enable = useMutation({
    mutationFn: async () => {
      const { public_key } = await pushPublicKey();
      if (!public_key) throw new PushSetupError('unsupported');
      return savePushSubscription(await subscribeThisBrowser(public_key));
    },
    onSuccess: async () => {
      notify.success('Este dispositivo recibirá tus avisos');
      await refresh();
    },
    onError: async (error) => {
      notify.error(pushErrorMessage(error));
      await refresh();
    },
  });
  const disable = useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisBrowser();
      if (endpoint) await removePushSubscription(endpoint);
    },
    onSuccess: async () => {
      notify.success('Este dispositivo ya no recibirá avisos');
      await refresh();
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos desactivar los avisos en este dispositivo'));
    },
  });

  if (!available) {
    return (
      <p className="text-neutral-700 dark:text-neutral-300">
        Este servidor no tiene activados los avisos en el dispositivo: te llegarán en la app y por
        correo.
      </p>
    );
  }
  if (state.data === 'unsupported') {
    return (
      <p className="text-neutral-700 dark:text-neutral-300">
        Este navegador no admite avisos en el dispositivo. En un iPhone, añade Forja a la pantalla
        de inicio y ábrela desde allí.
      </p>
    );
  }
  if (state.data === 'denied') {
    return (
      <p className="text-neutral-700 dark:text-neutral-300">
        Has bloqueado los avisos de Forja en este navegador. Para recibirlos, permítelos en los
        ajustes del navegador para este sitio.
      </p>
    );
  }
  const busy = enable.isPending || disable.isPending || state.isPending;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-neutral-700 dark:text-neutral-300">
        {state.data === 'on'
          ? 'Este dispositivo recibe tus avisos aunque Forja esté cerrada.'
          : 'Recibe los avisos en este dispositivo aunque Forja esté cerrada. Tu navegador te pedirá permiso.'}
      </p>
      <div>
        {state.data === 'on' ? (
          <Button
            disabled={busy}
            onClick={() => {
              disable.mutate();
            }}
          >
            {disable.isPending ? 'Desactivando...' : 'Dejar de recibirlos aquí'}
          </Button>
        ) : (
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => {
              enable.mutate();
            }}
          >
            {enable.isPending ? 'Activando...' : 'Recibir avisos en este dispositivo'}
          </Button>
        )}
      </div>
    </div>
  );
}

function pushErrorMessage(error: unknown): string {
  if (error instanceof PushSetupError) {
    if (error.reason === 'denied') return 'Sin tu permiso no podemos enviarte avisos aquí';
    if (error.reason === 'unsupported') return 'Este navegador no admite avisos en el dispositivo';
    return 'El servicio de avisos de tu navegador no responde. Inténtalo más tarde';
  }
  return errorMessage(error, 'No pudimos activar los avisos en este dispositivo');
}

function ChannelsForm({ settings, audience }: { settings: Settings; audience: Audience }) {
  const queryClient = useQueryClient();
  const form = useForm<NotificationSettingsInput>({
    resolver: zodResolver(notificationSettingsInputSchema),
    defaultValues: { kinds: settings.kinds, reminders: settings.reminders },
  });
  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQuery.queryKey, saved);
      form.reset({ kinds: saved.kinds, reminders: saved.reminders });
      notify.success('Avisos guardados');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos guardar tus avisos'));
    },
  });
  const errors = form.formState.errors.reminders;
  const kinds = KINDS_FOR[audience];

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          save.mutate(values);
        })(event);
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">Qué te avisamos y por dónde</legend>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          El resumen por correo llega como mucho una vez al día, por la mañana, con lo que no hayas
          leído.
        </p>
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="text-sm text-neutral-700 dark:text-neutral-300">
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Tipo de aviso</span>
              </th>
              {CHANNELS.map((channel) => (
                <th
                  key={channel.key}
                  scope="col"
                  className="w-16 px-1 py-2 text-center font-medium"
                >
                  {channel.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => (
              <tr key={kind} className="border-t border-neutral-200 dark:border-neutral-800">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {KIND_LABELS[kind]}
                </th>
                {CHANNELS.map((channel) => {
                  const off = kind === 'reminder' && channel.key === 'email';
                  return (
                    <td key={channel.key} className="px-1 py-1">
                      {off ? (
                        <span className="flex size-11 items-center justify-center text-neutral-500">
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Los recordatorios no van por correo</span>
                        </span>
                      ) : (
                        <label className={`${checkboxCell} mx-auto`}>
                          <input
                            type="checkbox"
                            className={checkbox}
                            {...form.register(`kinds.${kind}.${channel.key}`)}
                          />
                          <span className="sr-only">
                            {KIND_LABELS[kind]}: {channel.label.toLowerCase()}
                          </span>
                        </label>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>

      {audience === 'trainee' && (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 font-semibold">Recordatorios</legend>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            Te llegan en la app y en el dispositivo a la hora de tu zona horaria.
          </p>
          <ReminderRow
            label="Pesarme"
            enabled={form.register('reminders.weigh_in.enabled')}
            time={form.register('reminders.weigh_in.time')}
            error={errors?.weigh_in?.time?.message}
          />
          <ReminderRow
            label="Apuntar el día"
            enabled={form.register('reminders.logging.enabled')}
            time={form.register('reminders.logging.time')}
            error={errors?.logging?.time?.message}
          />
          <ReminderRow
            label="Revisión semanal"
            enabled={form.register('reminders.check_in.enabled')}
            time={form.register('reminders.check_in.time')}
            error={errors?.check_in?.time?.message}
          >
            <SelectField
              label="Día"
              {...form.register('reminders.check_in.weekday', { valueAsNumber: true })}
            >
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index + 1}>
                  {day.charAt(0).toUpperCase() + day.slice(1)}
                </option>
              ))}
            </SelectField>
          </ReminderRow>
        </fieldset>
      )}

      <div>
        <Button variant="primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar avisos'}
        </Button>
      </div>
    </form>
  );
}

type Registered = UseFormRegisterReturn;

function ReminderRow({
  label,
  enabled,
  time,
  error,
  children,
}: {
  label: string;
  enabled: Registered;
  time: Registered;
  error: string | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
      <label className={`flex min-h-11 cursor-pointer items-center gap-3 ${focusRing}`}>
        <input type="checkbox" className={checkbox} {...enabled} />
        <span className="font-medium">{label}</span>
      </label>
      <div className="flex flex-wrap gap-3">
        {children && <div className="min-w-36 flex-1">{children}</div>}
        <div className="w-40">
          <TextField label="Hora" type="time" error={error} {...time} />
        </div>
      </div>
    </div>
  );
}
