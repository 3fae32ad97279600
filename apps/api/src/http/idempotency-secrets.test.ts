import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, PASSWORD } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser } from '#test/subscribed';
import { signedInTrainer } from '#test/trainers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

interface StoredKey {
  key: string;
  fingerprint: string;
  status: number | null;
  body: Buffer | null;
  headers: unknown;
}

/** Every byte kept of a person's keys: key, fingerprint, status, body and headers. */
async function storedBytes(userId: string): Promise<Buffer> {
  const rows = await ctx.database.rows<StoredKey>(
    sql`select key, fingerprint, status, body, headers from idempotency_keys where user_id = ${userId}`,
  );
  expect(rows.length).toBeGreaterThan(0);
  return Buffer.concat(
    rows.flatMap((row) => [
      Buffer.from(`${row.key} ${row.fingerprint} ${String(row.status)} `),
      row.body ? Buffer.from(row.body) : Buffer.alloc(0),
      Buffer.from(JSON.stringify(row.headers)),
    ]),
  );
}

function send(
  headers: Record<string, string>,
  method: 'POST' | 'PUT',
  url: string,
  key: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...headers, 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  });
}

const APPLIED = {
  status: 409,
  data: {
    error: 'request already applied',
    message:
      'Esta petición ya se aplicó. Su respuesta llevaba datos secretos, que no se guardan, así que no se puede repetir: si la necesitas, haz una petición nueva con otra clave Idempotency-Key',
  },
};

describe('an Idempotency-Key never keeps a secret', () => {
  it('keeps no token of a password change; the replay says it was applied', async () => {
    const ana = await signedInUser(ctx);
    const body = { current_password: PASSWORD, password: 'una clave nueva y bastante larga' };
    const first = await send(auth(ana.token), 'POST', '/v0/users/password-change/', 'cambio', body);
    expect(first.statusCode, first.body).toBe(200);
    const tokens = first.json<{ data: { access_token: string; refresh_token: string } }>().data;
    const stored = await storedBytes(ana.user.id);
    for (const secret of [tokens.access_token, tokens.refresh_token, body.password]) {
      expect(stored.includes(secret), 'a secret is stored').toBe(false);
    }
    // The client retries with the tokens it got (the old ones ended with the change).
    const replay = await send(
      auth(tokens.access_token),
      'POST',
      '/v0/users/password-change/',
      'cambio',
      body,
    );
    expect(replay.json()).toEqual(APPLIED);
    expect(replay.body).not.toContain(tokens.refresh_token);
  });

  it('keeps no event stream ticket', async () => {
    const ana = await signedInUser(ctx);
    const first = await send(auth(ana.token), 'POST', '/v0/events/tickets/', 'ticket');
    expect(first.statusCode).toBe(201);
    const { ticket } = first.json<{ data: { ticket: string } }>().data;
    expect((await storedBytes(ana.user.id)).includes(ticket)).toBe(false);
    const replay = await send(auth(ana.token), 'POST', '/v0/events/tickets/', 'ticket');
    expect(replay.json()).toEqual(APPLIED);
    // The ticket was issued once: the stream opens with it.
    expect(replay.body).not.toContain(ticket);
  });

  it('keeps no invitation code or link, nor the code of an acceptance’s path; ordinary answers still replay byte for byte', async () => {
    const coach = await signedInTrainer(ctx);
    const first = await send(coach.headers, 'POST', '/v0/trainers/invitations/', 'invita', {});
    expect(first.statusCode).toBe(201);
    const { code, url } = first.json<{ data: { code: string; url: string } }>().data;
    const stored = await storedBytes(coach.user.id);
    expect(stored.includes(code)).toBe(false);
    expect(stored.includes(url)).toBe(false);
    const replay = await send(coach.headers, 'POST', '/v0/trainers/invitations/', 'invita', {});
    expect(replay.json()).toEqual(APPLIED);
    // Applied once: one invitation open.
    const open = await ctx.app.inject({
      method: 'GET',
      url: '/v0/trainers/invitations/',
      headers: coach.headers,
    });
    expect(open.json<{ data: unknown[] }>().data).toHaveLength(1);
    // Another request with that key is still told so.
    const other = await send(coach.headers, 'POST', '/v0/trainers/invitations/', 'invita', {
      max_uses: 3,
    });
    expect(other.statusCode).toBe(422);

    // Accepting: the code is in the path, which is kept only as a hash; the answer (no
    // secret in it) is replayed as it was.
    const ana = await signedInUser(ctx);
    const acceptance = `/v0/trainers/invitations/${code}/acceptance/`;
    const consent = { consent: { diary: true, training: false, body: false, check_ins: false } };
    const key = randomUUID();
    const accepted = await send(auth(ana.token), 'POST', acceptance, key, consent);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await storedBytes(ana.user.id)).includes(code)).toBe(false);
    const again = await send(auth(ana.token), 'POST', acceptance, key, consent);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.rawPayload.equals(accepted.rawPayload)).toBe(true);
  });

  it('a key stored before its fingerprint was hashed still matches its request', async () => {
    const ana = await signedInUser(ctx);
    const body = { kind: 'quick', date: '2026-03-02', meal: 'cena', kcal: 120 };
    const made = await ana.call<{ id: string }>('POST', '/v0/diary/entries/', body);
    const url = `/v0/diary/entries/${made.data.id}/`;
    const first = await ctx.app.inject({
      method: 'DELETE',
      url,
      headers: { ...auth(ana.token), 'idempotency-key': 'antigua' },
    });
    expect(first.statusCode).toBe(200);
    const [row] = await ctx.database.rows<{ fingerprint: string }>(
      sql`select fingerprint from idempotency_keys where user_id = ${ana.user.id}`,
    );
    expect(row?.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    // As a key stored in plain text looks: method, path and the hash of the body (none).
    const plain = `DELETE ${url} ${createHash('sha256').update('null').digest('hex')}`;
    await ctx.database.rows(
      sql`update idempotency_keys set fingerprint = ${plain} where user_id = ${ana.user.id}`,
    );
    const replay = await ctx.app.inject({
      method: 'DELETE',
      url,
      headers: { ...auth(ana.token), 'idempotency-key': 'antigua' },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});

describe('the routes whose answer carries a secret', () => {
  /** Names of answer fields that are no secret though they look like one. */
  const NOT_SECRET = new Set(['profile_picture_url', 'barcode']);
  /** The signed-in writes declaring `config: { answerHasSecret: true }`. */
  const DECLARED = [
    'post /v0/events/tickets/',
    'post /v0/trainers/invitations/',
    'post /v0/users/password-change/',
    'post /v0/users/{id}/two-factor/',
    'post /v0/users/{id}/two-factor/confirmation/',
  ];

  it('are every signed-in write answering a token, ticket, code, secret or link', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: object[]; responses?: object }>>;
      components?: { schemas?: Record<string, unknown> };
    }>();
    const named = /"([a-z_]*(?:token|ticket|code|secret|url|link|password)[a-z_]*)":\{/g;
    const found: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (!(operation.security ?? []).some((entry) => 'token' in entry)) continue;
        const answers = Object.entries(operation.responses ?? {}).filter(([status]) =>
          status.startsWith('2'),
        );
        let text = JSON.stringify(answers);
        // Answers described once and referred to by name.
        for (const [, name] of text.matchAll(/#\/components\/schemas\/([^"]+)"/g)) {
          text += JSON.stringify(doc.components?.schemas?.[name ?? '']);
        }
        const secrets = [...text.matchAll(named)]
          .map((match) => match[1] ?? '')
          .filter((name) => !NOT_SECRET.has(name));
        if (secrets.length > 0) found.push(`${method} ${path}`);
      }
    }
    expect(found.sort()).toEqual(DECLARED);
  });
});
