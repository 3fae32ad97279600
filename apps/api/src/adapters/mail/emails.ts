import { PRODUCT_NAME } from '@forja/shared/constants';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import { escapeHtml } from './html';
import type { OutboxMessage } from './outbox';
import type { MailKind } from '#db/schema/mail';

interface Content {
  kind: MailKind;
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A code shown large, when the message carries one. */
  code?: string;
  action?: { label: string; url: string };
}

function compose(content: Content): OutboxMessage {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.code ? [`Código: ${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    `El equipo de ${PRODUCT_NAME}`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;margin:0 0 16px">${PRODUCT_NAME}</h1>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${content.code ? `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:24px 0">${escapeHtml(content.code)}</p>` : ''}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#ea580c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>\n<p style="font-size:13px;color:#6b7280">Si el botón no funciona, copia este enlace en tu navegador: ${escapeHtml(content.action.url)}</p>` : ''}
<p>El equipo de ${PRODUCT_NAME}</p>
</body>
</html>`;

  return { kind: content.kind, to: content.to, subject: content.subject, text, html };
}

function link(publicUrl: string, path: string, params: Record<string, string>): string {
  return `${publicUrl}${path}?${new URLSearchParams(params).toString()}`;
}

export function verificationEmail(input: {
  to: string;
  firstName: string;
  code: string;
  publicUrl: string;
}): OutboxMessage {
  return compose({
    kind: 'verification_code',
    to: input.to,
    subject: `Tu código de verificación de ${PRODUCT_NAME}`,
    greeting: `Hola, ${input.firstName}:`,
    paragraphs: [
      `Gracias por registrarte en ${PRODUCT_NAME}. Para activar tu cuenta, introduce este código de verificación. Caduca en 10 minutos.`,
      'Si no has creado una cuenta, ignora este mensaje.',
    ],
    code: input.code,
    action: {
      label: 'Verificar mi correo',
      url: link(input.publicUrl, '/users/email-verification', {
        email: input.to,
        token: input.code,
      }),
    },
  });
}

export function passwordResetEmail(input: {
  to: string;
  firstName: string;
  token: string;
  publicUrl: string;
}): OutboxMessage {
  return compose({
    kind: 'password_reset',
    to: input.to,
    subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
    greeting: `Hola, ${input.firstName}:`,
    paragraphs: [
      'Hemos recibido una solicitud para restablecer tu contraseña. El enlace caduca en 1 hora y solo sirve una vez.',
      'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
    ],
    action: {
      label: 'Restablecer contraseña',
      url: link(input.publicUrl, '/users/password-reset', {
        email: input.to,
        token: input.token,
      }),
    },
  });
}

export function passwordChangedEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  /** A change leaves the person signed in where they made it; a reset signs them out everywhere. */
  signedInHere: boolean;
}): OutboxMessage {
  return compose({
    kind: 'password_changed',
    to: input.to,
    subject: `Tu contraseña de ${PRODUCT_NAME} ha cambiado`,
    greeting: `Hola, ${input.firstName}:`,
    paragraphs: [
      input.signedInHere
        ? 'La contraseña de tu cuenta acaba de cambiar y hemos cerrado tus otras sesiones.'
        : 'La contraseña de tu cuenta acaba de cambiar y hemos cerrado todas tus sesiones.',
      'Si no has sido tú, restablece tu contraseña ahora mismo.',
    ],
    action: {
      label: 'Restablecer contraseña',
      url: link(input.publicUrl, '/users/password-reset', { email: input.to }),
    },
  });
}

export function accountDeletedEmail(input: { to: string; firstName: string }): OutboxMessage {
  return compose({
    kind: 'account_deleted',
    to: input.to,
    subject: `Tu cuenta de ${PRODUCT_NAME} se ha eliminado`,
    greeting: `Hola, ${input.firstName}:`,
    paragraphs: [
      'Como pediste, hemos eliminado tu cuenta y todos tus datos. Si tenías una suscripción, la hemos cancelado y no se te cobrará nada más.',
      'Si no has sido tú, alguien conocía tu contraseña: ponte en contacto con nosotros cuanto antes.',
    ],
  });
}

/** The daily e-mail of what a person has not read in the app (decision 062). */
export function notificationDigestEmail(input: {
  to: string;
  firstName: string;
  /** The newest first; the e-mail lists the first ten. */
  items: { title: string; body: string }[];
  settingsUrl: string;
  appUrl: string;
}): OutboxMessage {
  const shown = input.items.slice(0, 10);
  const more = input.items.length - shown.length;
  const total = input.items.length;
  return compose({
    kind: 'notification_digest',
    to: input.to,
    subject:
      total === 1
        ? `Tienes 1 aviso sin leer en ${PRODUCT_NAME}`
        : `Tienes ${total} avisos sin leer en ${PRODUCT_NAME}`,
    greeting: `Hola, ${input.firstName}:`,
    paragraphs: [
      total === 1
        ? 'Esto es lo que tienes pendiente desde ayer:'
        : 'Estos son los avisos que tienes pendientes desde ayer:',
      ...shown.map((item) => (item.body ? `• ${item.title}: ${item.body}` : `• ${item.title}`)),
      ...(more > 0 ? [more === 1 ? 'Y 1 más.' : `Y ${more} más.`] : []),
      `Recibes este resumen como mucho una vez al día. Puedes elegir qué avisos te llegan por correo en Ajustes: ${input.settingsUrl}`,
    ],
    action: { label: `Abrir ${PRODUCT_NAME}`, url: input.appUrl },
  });
}

/** Once, when the account's e-mail is verified: what comes next. */
export function welcomeEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
}): OutboxMessage {
  return compose({
    kind: 'welcome',
    to: input.to,
    subject: `Te damos la bienvenida a ${PRODUCT_NAME}`,
    greeting: `Hola, ${input.firstName}:`,
    paragraphs: [
      'Tu correo está verificado y tu cuenta, lista.',
      'Para empezar, elige tu plan (puedes probarlo gratis) y contesta unas preguntas sobre tu objetivo, tu cuerpo y tu día a día. Con ellas calculamos tus objetivos de calorías y macronutrientes.',
      'Después, apunta lo que comes en el diario y registra tu peso de vez en cuando: así podremos ajustar tus objetivos a cómo avanzas.',
    ],
    action: { label: 'Iniciar sesión', url: `${input.publicUrl}/auth/login` },
  });
}

function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
}

function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('es-ES', {
    dateStyle: 'long',
    timeZone: DEFAULT_TIME_ZONE,
  }).format(date);
}

/** For each paid invoice of a subscription: what was charged, when, and until when it covers. */
export function paymentReceiptEmail(input: {
  to: string;
  firstName: string;
  /** In the currency's minor unit (cents). */
  amount: number;
  currency: string;
  paidAt: Date;
  /** The end of the period the payment covers, when the invoice says. */
  periodEnd: Date | null;
  invoiceId: string;
  publicUrl: string;
}): OutboxMessage {
  const amount = formatAmount(input.amount, input.currency);
  return compose({
    kind: 'payment_receipt',
    to: input.to,
    subject: `Recibo de tu pago de ${amount} en ${PRODUCT_NAME}`,
    greeting: `Hola, ${input.firstName}:`,
    paragraphs: [
      `Hemos recibido tu pago de ${amount} por tu suscripción Premium de ${PRODUCT_NAME}. Gracias.`,
      `Fecha del pago: ${formatLongDate(input.paidAt)}.`,
      ...(input.periodEnd
        ? [`Cubre tu suscripción hasta el ${formatLongDate(input.periodEnd)}.`]
        : []),
      `Número de factura: ${input.invoiceId}.`,
      'Puedes ver tus facturas, cambiar la tarjeta o cancelar la suscripción en Ajustes.',
    ],
    action: { label: 'Ir a Ajustes', url: `${input.publicUrl}/users/settings` },
  });
}
