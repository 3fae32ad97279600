import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HTTP_MESSAGES } from '@forja/shared/errors';
import { requiredText } from '@forja/shared/schemas/common';
import { createTestContext, type TestContext } from '#test/context';
import { freePort } from '#test/ports';

const webDist = mkdtempSync(join(tmpdir(), 'forja-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><title>Forja</title><script>window.forjaStarted=true</script>' +
    '<script type="module" src="/assets/app-abc123.js"></script><div id="app"></div>',
);
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("forja")');
writeFileSync(join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
mkdirSync(join(webDist, 'icons'));
writeFileSync(join(webDist, 'icons', 'icon-192.png'), 'png');
writeFileSync(join(webDist, 'sw.js'), 'self.skipWaiting()');
writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Forja"}');
writeFileSync(
  join(webDist, 'assets', 'app-abc123.js.br'),
  brotliCompressSync('console.log("forja")'),
);

let ctx: TestContext;
const LONG_TEXT = 'Tortilla de patatas con cebolla, '.repeat(60);

beforeAll(async () => {
  ctx = await createTestContext({
    build: { webDist },
    // A JSON route shaped like the product's, to exercise the body handling.
    extend: (app) => {
      app.post(
        '/v0/echo/',
        { schema: { body: z.strictObject({ name: requiredText('El nombre') }) } },
        (request) => ({ status: 200, data: request.body }),
      );
      // An answer of about 2 KB, as a list of foods would be.
      app.get('/v0/long/', (request) => ({
        status: 200,
        data: { text: (request.query as { text?: string }).text ?? LONG_TEXT },
      }));
      app.get('/v0/explode/', () => {
        throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
      });
    },
  });
});

afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

interface JsonSchema {
  type?: string;
  format?: string;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }
    >
  >;
}

describe('the HTTP contract', () => {
  it('answers the health check in the envelope after asking the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      data: { status: 'ok', database: 'ok', version: expect.any(String), rate_limits: 'memory' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a path the router cannot read in the envelope: bad encoding, a parameter too long', async () => {
    const badEncoding = await ctx.app.inject({ method: 'GET', url: '/v0/users/%ED%A0%80/' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({
      status: 400,
      data: { error: 'bad request', message: HTTP_MESSAGES[400] },
    });
    const tooLong = await ctx.app.inject({ method: 'GET', url: `/v0/users/${'x'.repeat(500)}/` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      status: 414,
      data: { error: 'uri too long', message: 'La dirección de la solicitud es demasiado larga' },
    });
  });

  it('answers headers too large for the HTTP parser in the envelope', async () => {
    const port = await freePort();
    const listening = await createTestContext();
    await listening.app.listen({ port, host: '127.0.0.1' });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `GET /v0/health/ HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
          );
        });
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('end', () => {
          resolve(text);
        });
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        status: 431,
        data: {
          error: 'request header fields too large',
          message: 'Las cabeceras de la solicitud son demasiado grandes',
        },
      });
    } finally {
      await listening.close();
    }
  });

  it('answers an unknown /v0 path with a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      status: 404,
      data: { error: 'not found', message: HTTP_MESSAGES[404] },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/echo/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: { error: 'malformed JSON body' } });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/echo/',
      headers: { 'content-type': 'text/plain' },
      payload: 'hola',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, data: { error: 'unsupported media type' } });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/echo/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, data: { error: 'payload too large' } });
  });

  it('sets security headers: CSP allowing only the site’s own script files, no framing, nosniff, referrer policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/health/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    // No inline script is allowed, even the one the test page holds: only files served,
    // and WebAssembly compiled (the barcode scanner's zxing), never eval.
    expect(csp).toMatch(/(^|; )script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Served over plain http in tests: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks browsers for HSTS and https-only requests when served over https', async () => {
    const https = await createTestContext({
      database: ctx.database,
      env: { PUBLIC_URL: 'https://forja.example' },
    });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/v0/health/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
    } finally {
      await https.app.close();
    }
  });

  it('allows no other origin by default: no CORS headers, on calls or preflights', async () => {
    const origin = 'https://elsewhere.example';
    const call = await ctx.app.inject({
      method: 'GET',
      url: '/v0/health/',
      headers: { origin },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/v0/auth/login/',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('answers CORS for the configured origins only', async () => {
    const allowed = 'https://app.forja.example';
    const cors = await createTestContext({
      database: ctx.database,
      env: { CORS_ORIGINS: `${allowed}, https://admin.forja.example` },
    });
    try {
      const preflight = await cors.app.inject({
        method: 'OPTIONS',
        url: '/v0/auth/login/',
        headers: {
          origin: allowed,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(allowed);
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'authorization',
      );
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const call = await cors.app.inject({
        method: 'GET',
        url: '/v0/health/',
        headers: { origin: allowed },
      });
      expect(call.headers['access-control-allow-origin']).toBe(allowed);
      expect(String(call.headers.vary)).toMatch(/origin/i);

      for (const origin of ['https://elsewhere.example', 'http://app.forja.example']) {
        const refused = await cors.app.inject({
          method: 'OPTIONS',
          url: '/v0/auth/login/',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
        expect(refused.headers['access-control-allow-origin'], origin).toBeUndefined();
        const other = await cors.app.inject({
          method: 'GET',
          url: '/v0/health/',
          headers: { origin },
        });
        expect(other.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    } finally {
      await cors.app.close();
    }
  });

  it('describes its routes in an OpenAPI document made from the zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/v0/health/']).toMatchObject({
      get: { responses: { 200: expect.any(Object) } },
    });
  });

  it('describes every date in its answers as a date-time string', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const { paths } = res.json<OpenApiDocument>();
    const dateFields = [
      'last_login',
      'start_date',
      'end_date',
      'finished_at',
      'set_at',
      'terms_accepted_at',
      'health_data_consent_at',
      'trainer_consent_at',
      'check_ins_consent_at',
      'expires_at',
      'created_at',
    ];
    const found = new Map<string, JsonSchema[]>();
    const collect = (schema: JsonSchema) => {
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (dateFields.includes(name)) found.set(name, [...(found.get(name) ?? []), property]);
        collect(property);
      }
      if (schema.items) collect(schema.items);
      for (const branch of schema.anyOf ?? []) collect(branch);
    };
    for (const operations of Object.values(paths)) {
      for (const { responses } of Object.values(operations)) {
        const answer = responses['200'] ?? responses['201'];
        for (const { schema } of Object.values(answer?.content ?? {})) collect(schema);
      }
    }
    expect([...found.keys()].sort()).toEqual([...dateFields].sort());
    for (const [name, schemas] of found) {
      for (const schema of schemas) {
        expect(schema, name).toMatchObject({ type: 'string', format: 'date-time' });
      }
    }
  });

  it('has every call of the specification under /v0, trailing slashes included', async () => {
    const specCalls = [
      ['post', '/auth/login/'],
      ['post', '/auth/logout/'],
      ['post', '/auth/refresh/'],
      ['post', '/users/registrations/'],
      ['post', '/users/registrations/email-verifications/'],
      ['get', '/users/'],
      ['get', '/users/{id}/'],
      ['put', '/users/{id}/'],
      ['post', '/users/password-reset/triggers/'],
      ['post', '/users/password-reset/'],
      ['get', '/users/{id}/preferences/'],
      ['post', '/users/preferences/'],
      ['put', '/users/preferences/{id}/'],
      ['delete', '/users/preferences/{id}/'],
      ['get', '/subscriptions/'],
      ['get', '/subscriptions/stripe/checkout/'],
    ] as const;
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const { paths } = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const [method, path] of specCalls) {
      expect(paths[`/v0${path}`], `${method} ${path}`).toHaveProperty([method]);
    }
  });

  it('validates bodies with the shared schemas: unknown fields, NUL and lone surrogates are a 400', async () => {
    const post = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v0/echo/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const extra = await post(JSON.stringify({ name: 'Ana', role: 'admin' }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({
      status: 400,
      data: { error: 'validation failed', message: 'Llave desconocida: "role"' },
    });
    // What no schema spells out is in Spanish too: zod's own messages.
    const notAnObject = await post('[]');
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toMatchObject({
      data: { message: 'Entrada inválida: se esperaba objeto, recibido arreglo' },
    });
    const nul = await post('{"name":"Ana\\u0000"}');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      data: { message: 'El nombre contiene caracteres no válidos' },
    });
    const surrogate = await post('{"name":"Ana\\ud800"}');
    expect(surrogate.statusCode).toBe(400);
    const empty = await post('{"name":"   "}');
    expect(empty.json()).toMatchObject({ data: { message: 'El nombre no puede estar vacío' } });
  });

  it('keeps any other Unicode exactly', async () => {
    const name = 'Zoë Ñúñez 李小龍 🏋️‍♀️';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/echo/',
      payload: { name },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: { name } });
  });

  it('refuses a name that hides its direction or its letters (decision 097)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/echo/',
      payload: { name: 'Zoë \u202eñúñez' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('compression', () => {
  const long = { text: LONG_TEXT };
  const fetchLong = (headers: Record<string, string>, text?: string) =>
    ctx.app.inject({ method: 'GET', url: '/v0/long/', query: text ? { text } : {}, headers });

  it('sends answers of 1 KB or more compressed to clients that accept it, Brotli first', async () => {
    const br = await fetchLong({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(LONG_TEXT.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({
      status: 200,
      data: long,
    });

    const gzip = await fetchLong({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ status: 200, data: long });
  });

  it('sends small answers, and answers to clients that accept nothing, as they are', async () => {
    const small = await fetchLong({ 'accept-encoding': 'br, gzip' }, 'Ana');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 200, data: { text: 'Ana' } });

    const plain = await fetchLong({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ status: 200, data: long });
  });

  it('does not inflate compressed bodies: they are not JSON, and nothing is read from them', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/echo/',
      payload: gzipSync(JSON.stringify({ name: 'Ana' })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
  });
});

describe('the web app', () => {
  it('serves index.html for page paths so deep links load the app', async () => {
    for (const url of ['/', '/users/home', '/auth/login?from=%2Fusers%2Fdiary']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="app">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets with long caching and 404s a missing one', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("forja")');
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/app-gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('lets the logo and the icons be used for a day, and always asks again for the service worker and the manifest', async () => {
    for (const url of ['/logo.svg', '/icons/icon-192.png']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=86400');
    }
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('failures', () => {
  it('turns an unexpected error into a 500 without internals', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/explode/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 500,
      data: { error: 'internal server error', message: HTTP_MESSAGES[500] },
    });
    expect(res.body).not.toContain('secret_table');
  });

  it('answers 503 in JSON when the database is gone', async () => {
    const broken = await createTestContext();
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/v0/health/' });
    await broken.app.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, data: { error: 'service unavailable' } });
    expect(res.headers['retry-after']).toBe('5');
  });
});
