import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  invitationCreateSchema,
  type Invitation,
  type InvitationSummary,
} from '@forja/shared/schemas/trainers';
import { TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { createInvitation, invitationsQuery, revokeInvitation } from './trainer-invitations-api';

const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });

// One person by default; a group link asks how many may join.
const formSchema = invitationCreateSchema.extend({ multi_use: z.boolean() });
type InvitationForm = z.infer<typeof formSchema>;

/** An empty box is no number at all, so the schema says so in its own words. */
function wholeNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : Number.NaN;
}

export function TrainerInvitationsScreen() {
  const [created, setCreated] = useState<Invitation | null>(null);
  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Invitar clientes</h1>
        <p className="text-neutral-700 dark:text-neutral-300">
          Crea un enlace y envíaselo a tu cliente. Al abrirlo, se crea una cuenta o entra con la
          suya y elige qué quiere compartir contigo.
        </p>
      </div>
      {created ? (
        <CreatedInvitation
          invitation={created}
          onDone={() => {
            setCreated(null);
          }}
        />
      ) : (
        <InvitationForm onCreated={setCreated} />
      )}
      <OpenInvitations />
    </div>
  );
}

function InvitationForm({ onCreated }: { onCreated: (invitation: Invitation) => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof formSchema>, unknown, InvitationForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { multi_use: false, max_uses: 10, expires_in_days: 7 },
    shouldUnregister: true,
  });
  const multiUse = useWatch({ control, name: 'multi_use' });

  const onSubmit = async ({ multi_use, max_uses, expires_in_days }: InvitationForm) => {
    try {
      const invitation = await createInvitation({
        ...(expires_in_days === undefined ? {} : { expires_in_days }),
        ...(multi_use && max_uses !== undefined ? { max_uses } : {}),
      });
      onCreated(invitation);
      notify.success('Invitación creada');
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos crear la invitación. Inténtalo de nuevo'));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
  };

  return (
    <section aria-labelledby="new-invitation-title" className="flex flex-col gap-4">
      <h2 id="new-invitation-title" className="text-xl font-bold">
        Nueva invitación
      </h2>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="flex flex-col gap-4"
      >
        <label
          className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-neutral-300 px-4 py-3 dark:border-neutral-600 ${focusRing}`}
        >
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-orange-700"
            {...register('multi_use')}
          />
          <span className="flex flex-col">
            <span className="font-medium">Enlace para varias personas</span>
            <span className="text-sm text-neutral-600 dark:text-neutral-300">
              Por ejemplo, para un grupo. Si no lo marcas, el enlace sirve para una sola persona.
            </span>
          </span>
        </label>
        {multiUse ? (
          <TextField
            label="Número máximo de personas"
            inputMode="numeric"
            autoComplete="off"
            hint="Entre 1 y 100."
            error={errors.max_uses?.message}
            {...register('max_uses', { setValueAs: wholeNumber })}
          />
        ) : null}
        <TextField
          label="Días de validez"
          inputMode="numeric"
          autoComplete="off"
          hint="Entre 1 y 30. Pasado ese tiempo, el enlace deja de funcionar."
          error={errors.expires_in_days?.message}
          {...register('expires_in_days', { setValueAs: wholeNumber })}
        />
        <div>
          <Button variant="primary" type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Creando invitación...' : 'Crear invitación'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The new link, shown this once: the server keeps only a fingerprint of it. */
function CreatedInvitation({ invitation, onDone }: { invitation: Invitation; onDone: () => void }) {
  const linkId = useId();
  const canShare = typeof navigator !== 'undefined' && 'share' in navigator;

  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.url);
      notify.success('Enlace copiado');
    } catch {
      notify.error('No pudimos copiar el enlace. Selecciónalo y cópialo a mano');
    }
  }

  async function share() {
    try {
      await navigator.share({
        title: 'Invitación a Forja',
        text: 'Te invito a Forja para seguir tu plan conmigo.',
        url: invitation.url,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      notify.error('No pudimos compartir el enlace. Cópialo y envíalo tú');
    }
  }

  return (
    <section
      aria-labelledby="created-invitation-title"
      className="flex flex-col gap-4 rounded-xl border border-orange-300 bg-orange-50 p-4 dark:border-orange-800 dark:bg-orange-950"
    >
      <h2 id="created-invitation-title" className="text-xl font-bold">
        Tu enlace de invitación
      </h2>
      <p>
        Cópialo o compártelo ahora: por seguridad, no podremos volver a mostrártelo. Si lo pierdes,
        revoca la invitación y crea otra.
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={linkId} className="font-medium">
          Enlace
        </label>
        <input
          id={linkId}
          readOnly
          value={invitation.url}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
          className={`w-full rounded-lg border border-neutral-400 bg-white px-3 py-2.5 font-mono text-sm text-neutral-900 dark:border-neutral-500 dark:bg-neutral-900 dark:text-neutral-100 ${focusRing}`}
        />
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {describeUses(invitation)} · Caduca el {longDate.format(invitation.expires_at)}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="primary" onClick={() => void copy()}>
          Copiar enlace
        </Button>
        {canShare ? <Button onClick={() => void share()}>Compartir</Button> : null}
        <Button onClick={onDone}>Crear otra invitación</Button>
      </div>
    </section>
  );
}

function describeUses({ uses_left, max_uses }: InvitationSummary): string {
  if (max_uses === 1) return 'Para una persona';
  return `Quedan ${uses_left} de ${max_uses} plazas`;
}

function OpenInvitations() {
  const { data: invitations } = useSuspenseQuery(invitationsQuery);
  return (
    <section aria-labelledby="open-invitations-title" className="flex flex-col gap-4">
      <h2 id="open-invitations-title" className="text-xl font-bold">
        Invitaciones abiertas
      </h2>
      {invitations.length === 0 ? (
        <p className="text-neutral-700 dark:text-neutral-300">No tienes invitaciones abiertas.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {invitations.map((invitation) => (
            <OpenInvitation key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenInvitation({ invitation }: { invitation: InvitationSummary }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const created = longDate.format(invitation.created_at);

  async function revoke() {
    setRevoking(true);
    try {
      await revokeInvitation(invitation.id);
      notify.success('Invitación revocada: el enlace ya no funciona');
      await queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos revocar la invitación. Inténtalo de nuevo'));
      setRevoking(false);
    }
  }

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <div className="flex flex-col gap-1">
        <p className="font-semibold">Creada el {created}</p>
        <p className="text-neutral-700 dark:text-neutral-300">
          {describeUses(invitation)} · Caduca el {longDate.format(invitation.expires_at)}
        </p>
      </div>
      {confirming ? (
        <div role="group" aria-label="Confirmar revocación" className="flex flex-col gap-2">
          <p>¿Revocar esta invitación? Quien tenga el enlace ya no podrá usarlo.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="danger" disabled={revoking} onClick={() => void revoke()}>
              {revoking ? 'Revocando...' : 'Sí, revocar'}
            </Button>
            <Button
              disabled={revoking}
              onClick={() => {
                setConfirming(false);
              }}
            >
              Cancelar
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button
            onClick={() => {
              setConfirming(true);
            }}
            aria-label={`Revocar la invitación creada el ${created}`}
          >
            Revocar
          </Button>
        </div>
      )}
    </li>
  );
}
