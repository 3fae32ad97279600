import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PublicPage } from '#components/ui/public-page';
import { primaryButton, secondaryButton } from '#components/ui/styles';
import { FREE_TRIAL_PLAN } from '@forja/shared/constants';
import { formatDate, formatPrice } from './format';
import {
  currentSubscription,
  hasAccess,
  plansQuery,
  subscriptionsQuery,
} from './subscriptions-api';

const CONFIRMATION_POLL_MS = 1500;

interface SubscriptionSuccessScreenProps {
  isLoggedIn: boolean;
}

/**
 * After a checkout. The payment provider confirms it to the server on its own, a moment
 * later; until then the screen waits rather than let the app send the person back to plans.
 * A free trial says when the first charge comes; a paid plan, what was paid.
 */
export function SubscriptionSuccessScreen({ isLoggedIn }: SubscriptionSuccessScreenProps) {
  const subscriptions = useQuery({
    ...subscriptionsQuery,
    enabled: isLoggedIn,
    staleTime: 0,
    refetchInterval: (query) =>
      hasAccess(currentSubscription(query.state.data ?? []), { allowTrial: true })
        ? false
        : CONFIRMATION_POLL_MS,
  });
  const plans = useQuery({ ...plansQuery, enabled: isLoggedIn });
  const subscription = currentSubscription(subscriptions.data ?? []);
  const confirmed = hasAccess(subscription, { allowTrial: true });

  if (!isLoggedIn) {
    return (
      <PublicPage
        title="Tu suscripción está en marcha"
        description="Inicia sesión para empezar a usar Forja."
      >
        <Link to="/auth/login" search={{ from: '/users/home' }} className={primaryButton}>
          Iniciar sesión
        </Link>
      </PublicPage>
    );
  }

  const isTrial = subscription?.plan === FREE_TRIAL_PLAN;
  const offer = plans.data?.find((plan) => plan.name === subscription?.plan);
  let title = 'Estamos confirmando tu suscripción';
  const details: string[] = [];
  if (subscription && confirmed && isTrial) {
    title = 'Tu prueba gratuita ha empezado';
    details.push(`El primer cargo será el ${formatDate(subscription.end_date)}.`);
    if (offer) {
      details.push(
        `Después pagarás ${formatPrice(offer)} al mes. Si cancelas antes, no se te cobrará nada.`,
      );
    }
  } else if (subscription && confirmed) {
    title = '¡Pago completado!';
    if (offer) details.push(`Has pagado ${formatPrice(offer)} por tu primer mes de Premium.`);
    details.push(`Tu suscripción se renovará el ${formatDate(subscription.end_date)}.`);
  }

  return (
    <PublicPage title={title}>
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {confirmed ? (
          details.map((detail) => <p key={detail}>{detail}</p>)
        ) : (
          <p>Esto tarda solo unos segundos...</p>
        )}
      </div>
      {confirmed ? (
        <Link to="/users/home" className={primaryButton}>
          Ir al inicio
        </Link>
      ) : null}
    </PublicPage>
  );
}

export function SubscriptionFailureScreen() {
  return (
    <PublicPage
      title="No se completó el pago"
      description="El pago no se pudo completar y tu suscripción no se ha activado. Puedes intentarlo de nuevo con otra tarjeta."
    >
      <div className="flex flex-col gap-3">
        <Link to="/users/subscription/plans" className={primaryButton}>
          Volver a los planes
        </Link>
        <Link to="/" className={secondaryButton}>
          Ir a la página principal
        </Link>
      </div>
    </PublicPage>
  );
}
