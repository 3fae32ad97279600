import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FREE_TRIAL_PLAN, type Plan } from '@forja/shared/constants';
import { SUBSCRIPTION_MESSAGES } from '@forja/shared/errors';
import type { Subscription } from '@forja/shared/schemas/subscription';
import { PublicPage } from '#components/ui/public-page';
import { Button } from '#components/ui/button';
import { errorMessage } from '#lib/api-error';
import { leavePageFor } from '#lib/leave-page';
import { formatDate, formatPrice } from './format';
import type { PlanOffer } from '@forja/shared/schemas/subscription';
import {
  currentSubscription,
  hasAccess,
  plansQuery,
  startCheckout,
  subscriptionsQuery,
} from './subscriptions-api';
import { notify } from '#components/ui/notifications';

interface PlansScreenProps {
  onLogout: () => void;
  logoutPending: boolean;
}

export function PlansScreen({ onLogout, logoutPending }: PlansScreenProps) {
  const plans = useQuery(plansQuery);
  const subscriptions = useQuery(subscriptionsQuery);
  const [redirecting, setRedirecting] = useState<Plan | null>(null);
  const checkout = useMutation({
    mutationFn: startCheckout,
    onSuccess: (session, plan) => {
      setRedirecting(plan);
      leavePageFor(session.url);
    },
    onError: (error) => {
      notify.error(errorMessage(error, SUBSCRIPTION_MESSAGES.checkoutFailed));
    },
  });

  const history = subscriptions.data ?? [];
  const current = currentSubscription(history);

  return (
    <PublicPage
      title="Elige tu plan"
      description="Empieza con la prueba gratuita o suscríbete ya. El pago se hace con tarjeta en una página segura."
    >
      {subscriptions.isError ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {errorMessage(subscriptions.error, SUBSCRIPTION_MESSAGES.fetchFailed)}
        </p>
      ) : null}
      {plans.isPending ? (
        <p role="status">Cargando planes...</p>
      ) : plans.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>No pudimos cargar los planes. Inténtalo de nuevo.</p>
          <Button onClick={() => void plans.refetch()}>Reintentar</Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {plans.data.map((offer) => (
            <li key={offer.name}>
              <PlanCard
                offer={offer}
                trialBlock={offer.name === FREE_TRIAL_PLAN ? trialBlock(history, current) : null}
                busy={checkout.isPending || redirecting !== null}
                loading={
                  checkout.variables === offer.name && (checkout.isPending || redirecting !== null)
                }
                onChoose={() => {
                  checkout.mutate(offer.name);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Button variant="link" disabled={logoutPending} onClick={onLogout} className="self-center">
        {logoutPending ? 'Cerrando sesión...' : 'Cerrar sesión'}
      </Button>
    </PublicPage>
  );
}

/** Why the trial cannot be chosen, or null when it can: one trial per person. */
function trialBlock(history: readonly Subscription[], current: Subscription | null): string | null {
  if (current?.plan === FREE_TRIAL_PLAN && hasAccess(current, { allowTrial: true })) {
    return `Tu prueba gratuita está activa hasta el ${formatDate(current.end_date)}.`;
  }
  if (history.some((subscription) => subscription.plan === FREE_TRIAL_PLAN)) {
    return 'Ya usaste tu prueba gratuita.';
  }
  return null;
}

interface PlanCardProps {
  offer: PlanOffer;
  trialBlock: string | null;
  busy: boolean;
  loading: boolean;
  onChoose: () => void;
}

function PlanCard({ offer, trialBlock, busy, loading, onChoose }: PlanCardProps) {
  const isTrial = offer.name === FREE_TRIAL_PLAN;
  const price = formatPrice(offer);
  const titleId = `plan-${offer.name}`;
  const blockId = `plan-${offer.name}-block`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-neutral-300 p-5 dark:border-neutral-700"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {isTrial ? 'Prueba gratuita' : 'Premium'}
      </h2>
      {isTrial ? (
        <p>
          <span className="text-2xl font-extrabold">{offer.trial_days} días gratis</span>
          <span className="block text-neutral-700 dark:text-neutral-300">
            Después, {price} al mes. Puedes cancelar antes de que termine.
          </span>
        </p>
      ) : (
        <p>
          <span className="text-2xl font-extrabold">{price}</span> al mes
          <span className="block text-neutral-700 dark:text-neutral-300">
            Tu plan completo de nutrición y entrenamiento, sin permanencia.
          </span>
        </p>
      )}
      {trialBlock ? (
        <p id={blockId} className="font-medium text-neutral-700 dark:text-neutral-300">
          {trialBlock}
        </p>
      ) : null}
      <Button
        variant={isTrial ? 'secondary' : 'primary'}
        disabled={busy || trialBlock !== null}
        aria-describedby={trialBlock ? blockId : undefined}
        onClick={onChoose}
      >
        {loading
          ? 'Abriendo el pago...'
          : isTrial
            ? 'Empezar prueba gratuita'
            : 'Suscribirme a Premium'}
      </Button>
    </article>
  );
}
