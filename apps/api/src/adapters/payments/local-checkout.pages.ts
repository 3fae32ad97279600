import type { localCheckoutSessions, localSubscriptions } from '#db/schema/local-payments';

/*
 * The local provider's pages, rendered on the server in Spanish. No script at all: the
 * content security policy forbids inline script, and plain forms are all these need.
 */

type Session = typeof localCheckoutSessions.$inferSelect;
type Subscription = typeof localSubscriptions.$inferSelect;

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => entities[char] ?? char);

export function formatPrice(cents: number, currency: string): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency }).format(cents / 100);
}

const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(date);

const style = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px;
    padding: 2rem; box-shadow: 0 2px 12px rgb(0 0 0 / 8%); }
  .brand { font-weight: 700; color: #e4572e; letter-spacing: .04em; margin: 0 0 1rem; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  .price { font-size: 1.8rem; font-weight: 700; margin: .5rem 0; }
  label { display: block; font-weight: 600; margin: 1.25rem 0 .4rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .7rem;
    border: 1px solid #c5cad3; border-radius: 8px; }
  button { margin-top: 1rem; width: 100%; font-size: 1.05rem; padding: .8rem; border: 0;
    border-radius: 8px; background: #1d2330; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1d2330; border: 1px solid #1d2330; }
  .alert { background: #fdecea; color: #8a1c12; padding: .8rem; border-radius: 8px; }
  .notice { background: #e7f6ec; color: #14532d; padding: .8rem; border-radius: 8px; }
  .note { color: #5b6472; font-size: .9rem; margin-top: 1.5rem; }
  .subscription { border-top: 1px solid #e3e6ea; padding-top: 1rem; margin-top: 1rem; }
  a { color: #1d4ed8; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · Forja</title>
<style>${style}</style>
</head>
<body><main>
<p class="brand">FORJA</p>
${body}
</main></body>
</html>`;
}

const testCardsNote = `<p class="note">Pasarela de pruebas. Tarjetas: 4242 4242 4242 4242 (pago
aceptado), 4000 0000 0000 0002 (pago rechazado) y 4000 0000 0000 0341 (la prueba gratuita
empieza, pero el primer cobro falla).</p>`;

export type CheckoutProblem = 'declined' | 'invalid' | 'unknown';

const problemText: Record<CheckoutProblem, string> = {
  declined: 'Tu tarjeta ha sido rechazada. No se ha realizado ningún cargo.',
  invalid: 'El número de tarjeta no es válido. Revísalo e inténtalo de nuevo.',
  unknown: 'Esta pasarela de pruebas solo acepta las tarjetas de prueba indicadas abajo.',
};

export function checkoutPage(session: Session, problem?: CheckoutProblem): string {
  const price = formatPrice(session.amount_cents, session.currency);
  const trial = session.trial_days > 0;
  const heading = trial ? 'Prueba gratuita de Forja' : 'Forja Premium';
  const terms = trial
    ? `<p class="price">0 € hoy</p><p>${session.trial_days} días gratis. Después, ${escape(price)}
       al mes hasta que canceles. Cancela antes de que termine la prueba y no se te cobrará
       nada.</p>`
    : `<p class="price">${escape(price)} <small>al mes</small></p><p>Se renueva cada mes
       hasta que canceles.</p>`;
  const alert = problem
    ? `<p class="alert" role="alert">${problemText[problem]}</p>${
        problem === 'declined'
          ? `<p><a href="${escape(session.cancel_url)}">Continuar sin pagar</a></p>`
          : ''
      }`
    : '';
  const action = `/checkout/local/${encodeURIComponent(session.id)}`;
  return page(
    'Pago seguro',
    `<h1>${heading}</h1>
${terms}
${alert}
<form method="post" action="${escape(action)}">
<label for="card_number">Número de tarjeta</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number"
  placeholder="1234 1234 1234 1234" maxlength="23" required>
<button type="submit">${trial ? 'Empezar la prueba gratuita' : `Pagar ${escape(price)}`}</button>
</form>
<p><a href="${escape(session.cancel_url)}">Cancelar y volver a Forja</a></p>
${testCardsNote}`,
  );
}

export function checkoutClosedPage(session: Session): string {
  if (session.status === 'complete') {
    return page(
      'Pago completado',
      `<h1>Pago completado</h1><p>Este pago ya se ha completado.</p>
<p><a href="${escape(session.success_url)}">Ir a Forja</a></p>`,
    );
  }
  return page(
    'Sesión caducada',
    `<h1>Sesión de pago caducada</h1><p>Esta sesión de pago ha caducado. Vuelve a Forja y
elige tu plan de nuevo.</p><p><a href="${escape(session.cancel_url)}">Volver a Forja</a></p>`,
  );
}

export function notFoundPage(): string {
  return page(
    'No encontrado',
    `<h1>No encontramos esta página</h1><p>El enlace no es válido o ha caducado. Vuelve a
Forja e inténtalo de nuevo.</p><p><a href="/">Regresar al inicio</a></p>`,
  );
}

const statusText: Record<string, string> = {
  trialing: 'En periodo de prueba',
  active: 'Activa',
  past_due: 'Pago pendiente',
  canceled: 'Cancelada',
};

export type PortalNotice = 'canceled' | 'resumed' | 'card';
const noticeText: Record<PortalNotice, string> = {
  canceled: 'Tu suscripción se cancelará al final del periodo actual.',
  resumed: 'Tu suscripción seguirá renovándose.',
  card: 'Tarjeta actualizada.',
};

function subscriptionBlock(token: string, row: Subscription): string {
  const base = `/checkout/local/portal/${token}`;
  const plan = row.status === 'trialing' ? 'Prueba gratuita' : 'Premium';
  const price = formatPrice(row.amount_cents, row.currency);
  let when: string;
  if (row.status === 'canceled') when = `Terminó el ${formatDate(row.ended_at ?? new Date())}.`;
  else if (row.cancel_at_period_end) {
    when = `Termina el ${formatDate(row.current_period_end)}; no se renovará.`;
  } else if (row.status === 'trialing') {
    when = `La prueba termina el ${formatDate(row.current_period_end)}; después, ${price} al mes.`;
  } else when = `Se renueva el ${formatDate(row.current_period_end)} por ${price}.`;
  const live = row.status !== 'canceled';
  const form = (path: string, label: string, secondary: boolean) =>
    `<form method="post" action="${escape(`${base}/${path}`)}">
<input type="hidden" name="subscription_id" value="${escape(row.id)}">
<button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;
  return `<section class="subscription">
<h2>${plan}</h2>
<p>Estado: <strong>${statusText[row.status] ?? escape(row.status)}</strong></p>
<p>${escape(when)}</p>
<p>Tarjeta terminada en ${escape(row.card_last4)}.</p>
${live && !row.cancel_at_period_end ? form('cancel', 'Cancelar al final del periodo', true) : ''}
${live && row.cancel_at_period_end ? form('resume', 'Reanudar la suscripción', false) : ''}
</section>`;
}

export function portalPage(
  token: string,
  view: { returnUrl: string; subscriptions: Subscription[] },
  message?: { notice?: PortalNotice; problem?: CheckoutProblem },
): string {
  const live = view.subscriptions.some((row) => row.status !== 'canceled');
  const notice = message?.notice
    ? `<p class="notice" role="status">${noticeText[message.notice]}</p>`
    : '';
  const alert = message?.problem
    ? `<p class="alert" role="alert">${problemText[message.problem]}</p>`
    : '';
  const list = view.subscriptions.length
    ? view.subscriptions.map((row) => subscriptionBlock(token, row)).join('\n')
    : '<p>No tienes ninguna suscripción.</p>';
  const card = live
    ? `<form method="post" action="${escape(`/checkout/local/portal/${token}/card`)}">
<label for="card_number">Cambiar la tarjeta</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number"
  placeholder="1234 1234 1234 1234" maxlength="23" required>
<button type="submit" class="secondary">Guardar la tarjeta</button>
</form>`
    : '';
  return page(
    'Tu suscripción',
    `<h1>Tu suscripción</h1>
${notice}${alert}
${list}
${card}
<p><a href="${escape(view.returnUrl)}">Volver a Forja</a></p>
${live ? testCardsNote : ''}`,
  );
}

export function portalExpiredPage(): string {
  return page(
    'Enlace caducado',
    `<h1>Este enlace ha caducado</h1><p>Vuelve a Forja y abre de nuevo la gestión de tu
suscripción.</p><p><a href="/users/settings">Volver a Forja</a></p>`,
  );
}
