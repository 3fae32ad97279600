import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PublicPage } from '../../components/ui/public-page';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { currentSubscription, hasAccess, subscriptionsQuery } from './subscriptions-api';

const CONFIRMATION_POLL_MS = 1500;

interface SubscriptionSuccessScreenProps {
  isLoggedIn: boolean;
}

/**
 * After a paid checkout. The payment provider confirms it to the server on its own, a moment
 * later; until then the screen waits rather than let the app send the person back to plans.
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
  const confirmed = hasAccess(currentSubscription(subscriptions.data ?? []), {
    allowTrial: true,
  });

  if (!isLoggedIn) {
    return (
      <PublicPage title="¡Pago completado!" description="Inicia sesión para empezar a usar Forja.">
        <Link to="/auth/login" search={{ from: '/users/home' }} className={primaryButton}>
          Iniciar sesión
        </Link>
      </PublicPage>
    );
  }

  return (
    <PublicPage
      title="¡Pago completado!"
      description="Gracias por suscribirte. Ya puedes empezar con tu plan."
    >
      <div role="status" aria-live="polite">
        {confirmed ? (
          <p>Tu suscripción está activa.</p>
        ) : (
          <p>Estamos confirmando tu suscripción. Esto tarda solo unos segundos...</p>
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
