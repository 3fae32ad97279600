import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { CONSENT_AREAS, type ConsentArea } from '@forja/shared/constants';
import { consentAreasSchema, type ConsentAreas } from '@forja/shared/schemas/trainers';
import { notify } from '#components/ui/notifications';
import { PublicPage } from '#components/ui/public-page';
import { RouteErrorView } from '#components/ui/route-error-view';
import { Button } from '#components/ui/button';
import { focusRing, primaryButton, secondaryButton, textLink } from '#components/ui/styles';
import { ApiError, errorMessage } from '#lib/api-error';
import { isChunkLoadError } from '#lib/chunk-reload';
import { CONSENT_AREA_TEXTS } from '#lib/consent-areas';
import { acceptInvitation, invitationPreviewQuery } from './invitation-acceptance-api';

const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });

/** Who opens the link: someone without a session, a trainee, or a trainer (who cannot accept). */
export type InvitationViewer = 'visitor' | 'trainee' | 'trainer';

interface InvitationScreenProps {
  code: string;
  viewer: InvitationViewer;
}

export function InvitationScreen({ code, viewer }: InvitationScreenProps) {
  const { data: invitation } = useSuspenseQuery(invitationPreviewQuery(code));
  const trainerName = `${invitation.trainer.first_name} ${invitation.trainer.last_name}`.trim();
  const here = `/invitations/${encodeURIComponent(code)}`;

  return (
    <PublicPage
      title={`${trainerName} te invita a entrenar con Forja`}
      description={
        <>
          Tu entrenador podrá seguir tu progreso y ajustar tu plan. Tú decides qué ve, y puedes
          cambiarlo cuando quieras en Ajustes. La invitación caduca el{' '}
          {longDate.format(invitation.expires_at)}.
        </>
      }
    >
      {viewer === 'trainee' ? (
        <AcceptanceForm code={code} trainerName={trainerName} areas={invitation.areas} />
      ) : (
        <section aria-labelledby="areas-title" className="flex flex-col gap-3">
          <h2 id="areas-title" className="text-xl font-bold">
            Qué podrá ver si lo compartes
          </h2>
          <ul className="flex flex-col gap-3">
            {invitation.areas.map((area) => (
              <li
                key={area}
                className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
              >
                <p className="font-semibold">{CONSENT_AREA_TEXTS[area].label}</p>
                <p className="text-neutral-700 dark:text-neutral-300">
                  {CONSENT_AREA_TEXTS[area].detail}
                </p>
              </li>
            ))}
          </ul>
          <p className="text-neutral-700 dark:text-neutral-300">
            Elegirás cada una al aceptar. Sin ninguna, solo verá tu nombre, tu país y tu foto.
          </p>
        </section>
      )}

      {viewer === 'visitor' ? (
        <div className="flex flex-col gap-3">
          <Link to="/users/registration" search={{ from: here }} className={primaryButton}>
            Crear cuenta
          </Link>
          <Link to="/auth/login" search={{ from: here }} className={secondaryButton}>
            Ya tengo cuenta
          </Link>
        </div>
      ) : null}

      {viewer === 'trainer' ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>
            Has entrado con una cuenta de entrenador, y solo un cliente puede aceptar una
            invitación. Si quieres que {trainerName} te entrene, entra con tu cuenta de cliente.
          </p>
          <Link to="/trainers/invitations" className={textLink}>
            Volver a tu espacio de entrenador
          </Link>
        </div>
      ) : null}
    </PublicPage>
  );
}

interface AcceptanceFormProps {
  code: string;
  trainerName: string;
  areas: ConsentArea[];
}

/** The four areas, none ticked until the trainee ticks them, and the acceptance. */
function AcceptanceForm({ code, trainerName, areas }: AcceptanceFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(consentAreasSchema),
    defaultValues: { diary: false, training: false, body: false, check_ins: false },
  });

  const onSubmit = async (consent: ConsentAreas) => {
    try {
      await acceptInvitation(code, consent);
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos aceptar la invitación. Inténtalo de nuevo'));
      return;
    }
    notify.success(`Ya entrenas con ${trainerName}`);
    // The user's trainer changed, and with it what their screens show.
    await queryClient.invalidateQueries({ queryKey: ['users'] });
    await navigate({ to: '/users/home', replace: true });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-4"
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-xl font-bold">Qué quieres compartir con {trainerName}</legend>
        {CONSENT_AREAS.filter((area) => areas.includes(area)).map((area) => (
          <label
            key={area}
            className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-neutral-300 p-4 has-checked:border-orange-700 has-checked:bg-orange-50 dark:border-neutral-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950 ${focusRing}`}
          >
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-orange-700"
              {...register(area)}
            />
            <span className="flex flex-col">
              <span className="font-semibold">{CONSENT_AREA_TEXTS[area].label}</span>
              <span className="text-neutral-700 dark:text-neutral-300">
                {CONSENT_AREA_TEXTS[area].detail}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button
          onClick={() => {
            for (const area of areas) setValue(area, true);
          }}
        >
          Marcar todo
        </Button>
      </div>
      <p className="text-neutral-700 dark:text-neutral-300">
        Lo que no marques no lo verá. Sin ninguna, solo verá tu nombre, tu país y tu foto.
      </p>
      <Button variant="primary" type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Aceptando...' : 'Aceptar'}
      </Button>
    </form>
  );
}

/** An unknown, expired, revoked or used-up invitation, in the server's words. */
export function InvitationErrorView(props: ErrorComponentProps) {
  const router = useRouter();
  if (isChunkLoadError(props.error)) return <RouteErrorView {...props} />;
  const gone = props.error instanceof ApiError && props.error.status === 404;
  return (
    <PublicPage title="Invitación no disponible">
      <div role="alert" className="flex flex-col items-start gap-4">
        <p>{errorMessage(props.error, 'No pudimos cargar la invitación. Inténtalo de nuevo.')}</p>
        {gone ? (
          <p>Pide a tu entrenador un enlace nuevo.</p>
        ) : (
          <Button
            onClick={() => {
              props.reset();
              void router.invalidate();
            }}
          >
            Reintentar
          </Button>
        )}
        <Link to="/" className={textLink}>
          Ir a la página de inicio
        </Link>
      </div>
    </PublicPage>
  );
}
