import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Stripe-compatible HTTP server on loopback for the endpoints Forja calls, driven by the
 * real SDK through STRIPE_API_BASE. It answers in Stripe's shapes, replays idempotent
 * requests like Stripe, and records every request for the tests to read.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Json = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\]\[|\[|\]/).filter((part) => part !== '');
    let node: Json = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    const numeric = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
    return numeric ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  /** When set, every call is answered with this HTTP status and an api_error. */
  failWith: number | undefined;
  /** Subscription ids the fake answers "No such subscription" for. */
  readonly gone = new Set<string>();
  private readonly replies = new Map<string, { status: number; body: Json }>();
  private counter = 0;

  private readonly server: Server;
  private address = '';

  private constructor() {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
  }

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.address = `http://127.0.0.1:${port}`;
    return fake;
  }

  /** The base URL to give the SDK as STRIPE_API_BASE. */
  get url(): string {
    return this.address;
  }

  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) =>
        r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  private nextId(prefix: string) {
    this.counter += 1;
    return `${prefix}_fake${this.counter}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const request: RecordedRequest = {
      method,
      path,
      body: parseStripeForm(Buffer.concat(chunks).toString('utf8')),
      idempotencyKey,
      authorization: req.headers.authorization,
    };
    this.requests.push(request);

    let reply: { status: number; body: Json };
    const replayKey = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : undefined;
    const replayed = replayKey ? this.replies.get(replayKey) : undefined;
    if (this.failWith) {
      reply = {
        status: this.failWith,
        body: { error: { type: 'api_error', message: 'Stripe is having a bad day' } },
      };
    } else if (replayed) {
      reply = replayed;
    } else {
      reply = this.route(request);
      if (replayKey) this.replies.set(replayKey, reply);
    }
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': this.nextId('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(reply.body));
  }

  private route(request: RecordedRequest): { status: number; body: Json } {
    const { method, path, body } = request;
    const now = Math.floor(Date.now() / 1000);
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: { id: this.nextId('cus'), object: 'customer', ...body },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = this.nextId('cs_test');
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: body.customer,
          client_reference_id: body.client_reference_id,
          metadata: body.metadata ?? {},
          subscription: null,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          created: now,
          expires_at: now + 86_400,
        },
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = this.nextId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        },
      };
    }
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cancel?.[1] && this.gone.has(cancel[1])) {
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such subscription: '${cancel[1]}'`,
          },
        },
      };
    }
    if (method === 'DELETE' && cancel) {
      return {
        status: 200,
        body: { id: cancel[1], object: 'subscription', status: 'canceled', ended_at: now },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } },
    };
  }
}
