import type { FastifyInstance } from 'fastify';

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src-attr 'none'",
  // Inline style attributes come from the UI library; inline scripts are allowed only by hash.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
];

/**
 * The security headers of every answer. They never change while the server runs, so they
 * are computed once instead of per request.
 */
export interface SecurityHeaderOptions {
  https: boolean;
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': [
      // 'wasm-unsafe-eval' lets the page compile WebAssembly, and nothing else: the barcode
      // scanner's zxing wasm, served by Forja itself (decision 073). Scripts stay files of
      // the site's own; eval and inline scripts stay refused.
      "script-src 'self' 'wasm-unsafe-eval'",
      ...contentSecurityPolicy,
      ...(options.https ? ['upgrade-insecure-requests'] : []),
    ].join('; '),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  // Over plain http the header would be ignored, and it would pin localhost to https.
  if (options.https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
