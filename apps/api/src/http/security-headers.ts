import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderOptions {
  https: boolean;
}

/**
 * The security headers of every answer (SECURITY.md item 15), as helmet writes them: its
 * defaults, with the policy below, no framing at all and the referrer kept within the site.
 */
function helmetOptions(options: SecurityHeaderOptions): HelmetOptions {
  return {
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
  };
}

/**
 * The headers helmet sets with these options. Its policy takes no nonce and reads nothing of
 * the request, so every answer gets the same headers: helmet runs once, at start, against a
 * response that only records them.
 */
export function securityHeaders(options: SecurityHeaderOptions): [string, string][] {
  // By lower-cased name, as a response keeps them; each written as helmet spells it.
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // Helmet 8 throws what it refuses, at once; it reads nothing of the request.
  const noRequest = Object.create(null) as unknown as IncomingMessage;
  helmet(helmetOptions(options))(noRequest, recorder as unknown as ServerResponse, () => {});
  return [...headers.values()];
}

/**
 * Every answer carries the security headers, set before the route runs on the raw response
 * as helmet sets them, so an answer written by hand (the event stream) has them too. They
 * are worked out once at start: worked out again at each request, they cost a signed-in
 * read a few percent of its time (decision 119).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
