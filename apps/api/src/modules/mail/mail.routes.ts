import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '@forja/shared/constants';
import { dateTime } from '@forja/shared/schemas/common';
import { escapeHtml } from '#adapters/mail/html';
import type { RoutesOptions } from '#http/route-deps';
import { listOutbox, type OutboxEntry } from '#adapters/mail/outbox';

const outboxQuerySchema = z.object({ to: z.string().max(254).optional() });

const outboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: dateTime,
  sent_at: dateTime.nullable(),
});

function page(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (entry) => `<article>
  <h2>${escapeHtml(entry.subject)}</h2>
  <p><strong>Para:</strong> ${escapeHtml(entry.to)} · <strong>Creado:</strong> ${entry.created_at.toISOString()} · <strong>Enviado:</strong> ${entry.sent_at ? entry.sent_at.toISOString() : 'pendiente'}</p>
  <pre>${escapeHtml(entry.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${PRODUCT_NAME} · correo de desarrollo</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>
</head>
<body>
<h1>${PRODUCT_NAME} · correo de desarrollo</h1>
<p>Mensajes escritos en la bandeja de salida, del más reciente al más antiguo. También en <a href="/dev/mail.json">/dev/mail.json</a>.</p>
${items || '<p>No hay mensajes.</p>'}
</body>
</html>`;
}

/**
 * The dev outbox for people and for browser tests: every message the product wrote, with
 * its code or link. Never registered in production.
 */
export const devMailRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/dev/mail.json',
    {
      schema: {
        hide: true,
        querystring: outboxQuerySchema,
        response: { 200: z.object({ status: z.literal(200), data: z.array(outboxEntrySchema) }) },
      },
    },
    async (request) => {
      const data = await listOutbox(request.deps, { to: request.query.to });
      return { status: 200 as const, data };
    },
  );

  app.get(
    '/dev/mail',
    { schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) => {
      const entries = await listOutbox(request.deps, { to: request.query.to });
      return reply.type('text/html; charset=utf-8').send(page(entries));
    },
  );
  return Promise.resolve();
};
