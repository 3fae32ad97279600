import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  https: boolean;
}

/**
 * The security headers of every answer (SECURITY.md item 15), set by helmet: its defaults,
 * with the policy below, no framing at all and the referrer kept within the site.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        // 'wasm-unsafe-eval' lets the page compile WebAssembly, and nothing else: the barcode
        // scanner's zxing wasm, served by Forja itself (decision 073). Scripts stay files of
        // the site's own; eval and inline scripts stay refused.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        defaultSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Inline style attributes come from the UI library.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http the header would be ignored, and it would pin localhost to https.
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Only old Internet Explorer read it; the answers stay as they were.
    xDownloadOptions: false,
  });
}
