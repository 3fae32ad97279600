import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  checkoutClosedPage,
  checkoutPage,
  notFoundPage,
  portalExpiredPage,
  portalPage,
  type PortalNotice,
} from './local-checkout.pages';
import type { LocalPayments } from './local-payments';

const FORM_LIMIT_BYTES = 4 * 1024;
const notices: Record<string, PortalNotice> = {
  cancelada: 'canceled',
  reanudada: 'resumed',
  tarjeta: 'card',
};

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, 64) : '';
}

/**
 * The local provider's hosted checkout and customer portal: server-rendered Spanish pages
 * with plain forms, outside /v0 because they are pages, not API calls.
 */
export function localCheckoutRoutes(payments: LocalPayments) {
  return (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body: string, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body)));
      },
    );

    app.get<{ Params: { sessionId: string } }>(
      '/checkout/local/:sessionId',
      { schema: { hide: true } },
      async (request, reply) => {
        const session = await payments.findCheckout(request.params.sessionId);
        if (!session) return html(reply, 404, notFoundPage());
        if (session.status !== 'open') return html(reply, 200, checkoutClosedPage(session));
        return html(reply, 200, checkoutPage(session));
      },
    );

    app.post<{ Params: { sessionId: string } }>(
      '/checkout/local/:sessionId',
      { schema: { hide: true } },
      async (request, reply) => {
        const result = await payments.payCheckout(
          request.params.sessionId,
          field(request.body, 'card_number'),
        );
        switch (result.kind) {
          case 'paid':
            return reply.header('cache-control', 'no-store').redirect(result.redirectTo, 303);
          case 'refused':
            return html(reply, 402, checkoutPage(result.session, result.reason));
          case 'closed':
            return html(reply, 409, checkoutClosedPage(result.session));
          case 'missing':
            return html(reply, 404, notFoundPage());
        }
      },
    );

    app.get<{ Params: { token: string }; Querystring: { hecho?: string } }>(
      '/checkout/local/portal/:token',
      { schema: { hide: true } },
      async (request, reply) => {
        const view = await payments.portal(request.params.token);
        if (!view) return html(reply, 404, portalExpiredPage());
        const notice = notices[request.query.hecho ?? ''];
        return html(reply, 200, portalPage(request.params.token, view, notice ? { notice } : {}));
      },
    );

    const back = (reply: FastifyReply, token: string, done: string) =>
      reply.redirect(`/checkout/local/portal/${encodeURIComponent(token)}?hecho=${done}`, 303);

    for (const [path, cancel, done] of [
      ['cancel', true, 'cancelada'],
      ['resume', false, 'reanudada'],
    ] as const) {
      app.post<{ Params: { token: string } }>(
        `/checkout/local/portal/:token/${path}`,
        { schema: { hide: true } },
        async (request, reply) => {
          const { token } = request.params;
          if (!(await payments.portal(token))) return html(reply, 404, portalExpiredPage());
          await payments.setCancelAtPeriodEnd(
            token,
            field(request.body, 'subscription_id'),
            cancel,
          );
          return back(reply, token, done);
        },
      );
    }

    app.post<{ Params: { token: string } }>(
      '/checkout/local/portal/:token/card',
      { schema: { hide: true } },
      async (request, reply) => {
        const { token } = request.params;
        const result = await payments.updateCard(token, field(request.body, 'card_number'));
        if (!result) return html(reply, 404, portalExpiredPage());
        if (result.ok) return back(reply, token, 'tarjeta');
        const view = await payments.portal(token);
        if (!view) return html(reply, 404, portalExpiredPage());
        return html(reply, 402, portalPage(token, view, { problem: result.reason }));
      },
    );
    return Promise.resolve();
  };
}
