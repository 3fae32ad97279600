import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The push service's host name in the endpoints it gives. Nothing resolves it: the sender
 * reaches the service through `agent`, which connects to 127.0.0.1 (Forja itself never
 * connects to a loopback address).
 */
export const PUSH_SERVICE_HOST = 'push.forja.test';

/**
 * A push service on 127.0.0.1 speaking the Web Push protocol (RFC 8030, 8291, 8292) as a
 * browser's push service would: it takes the encrypted POST, checks the VAPID Authorization
 * header (an ES256 JWT for its own origin, signed by the key the header names) and decrypts
 * the aes128gcm body with the subscription's private key, as the browser would. Each
 * endpoint answers 201 unless a test tells it otherwise (410 when the browser unsubscribed).
 */

export interface ReceivedPush {
  endpoint: string;
  payload: unknown;
  ttl: string | undefined;
}

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(join(tmpdir(), 'forja-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${PUSH_SERVICE_HOST}`,
        '-addext',
        `subjectAltName=DNS:${PUSH_SERVICE_HOST},IP:127.0.0.1`,
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(folder, 'key.pem')),
      cert: readFileSync(join(folder, 'cert.pem')),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function base64url(value: string | undefined): Buffer {
  return Buffer.from(value ?? '', 'base64url');
}

/** Checks `vapid t=<jwt>, k=<key>` against the expected key, origin and subject. */
export function vapidProblem(
  header: string | undefined,
  expected: { publicKey: string; audience: string; subject: string; now: number },
): string | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return `no vapid authorization: ${header ?? '(none)'}`;
  const [, token = '', key = ''] = match;
  if (key !== expected.publicKey) return 'k is not the server key';
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return 'the JWT has not three parts';
  const header64 = JSON.parse(base64url(head).toString()) as { alg?: string };
  if (header64.alg !== 'ES256') return `alg ${header64.alg ?? ''}`;
  const raw = base64url(key);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    base64url(signature),
  );
  if (!signed) return 'the JWT signature does not verify';
  const claims = JSON.parse(base64url(body).toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== expected.audience) return `aud ${claims.aud ?? ''}`;
  if (claims.sub !== expected.subject) return `sub ${claims.sub ?? ''}`;
  const seconds = expected.now / 1000;
  if (!claims.exp || claims.exp < seconds || claims.exp > seconds + 24 * 3600 + 60) {
    return `exp ${claims.exp ?? ''}`;
  }
  return undefined;
}

/** RFC 8291: the plaintext of an aes128gcm body sent to `browser` (one record). */
export function decryptPushBody(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = browser.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, info, 32));
  const key = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export interface PushService {
  /** `https://push.forja.test`, the origin of its endpoints. */
  origin: string;
  /** Where it listens on 127.0.0.1. */
  port: number;
  /**
   * For the sender, in place of Forja's own agent: every connection goes to the service on
   * 127.0.0.1, whose certificate it trusts.
   */
  agent: Agent;
  /** The service's certificate, for a process that trusts it through NODE_EXTRA_CA_CERTS. */
  certificate: Buffer;
  received: ReceivedPush[];
  /** Requests refused for a bad VAPID header or body, with why. */
  refused: string[];
  /** A new browser subscription at this service, as PushSubscription.toJSON() gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What the endpoint answers from now on (201 unless told). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(vapid: {
  publicKey: string;
  subject: string;
}): Promise<PushService> {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, Browser>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const browser = browsers.get(endpoint);
      const refuse = (status: number, why: string) => {
        refused.push(why);
        response.writeHead(status).end(why);
      };
      if (request.method !== 'POST' || !browser) {
        refuse(404, `no such endpoint ${endpoint}`);
        return;
      }
      const problem = vapidProblem(request.headers.authorization, {
        publicKey: vapid.publicKey,
        audience: origin,
        subject: vapid.subject,
        now: Date.now(),
      });
      if (problem) {
        refuse(401, problem);
        return;
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        refuse(415, `content-encoding ${request.headers['content-encoding'] ?? ''}`);
        return;
      }
      const status = answers.get(endpoint) ?? 201;
      if (status === 201) {
        let payload: unknown;
        try {
          payload = JSON.parse(decryptPushBody(Buffer.concat(chunks), browser).toString('utf8'));
        } catch (error) {
          refuse(400, `body does not decrypt: ${String(error)}`);
          return;
        }
        const ttl = request.headers.ttl;
        received.push({ endpoint, payload, ttl: Array.isArray(ttl) ? ttl[0] : ttl });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  origin = `https://${PUSH_SERVICE_HOST}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  (
    agent as unknown as { createConnection: (options: ConnectionOptions) => unknown }
  ).createConnection = (options) =>
    tlsConnect({
      ...options,
      host: '127.0.0.1',
      port,
      servername: options.servername ?? options.host ?? PUSH_SERVICE_HOST,
    });

  return {
    origin,
    port,
    agent,
    certificate: cert,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('hex')}`;
      browsers.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
