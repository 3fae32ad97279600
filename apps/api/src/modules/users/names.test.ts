import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, registrationOf, signIn, uniqueEmail } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { users } from '#db/schema/users';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

/** Names that read as something else in the roster, an invitation or an e-mail. */
const HOSTILE_NAMES: Record<string, string> = {
  'a right-to-left override': 'Ana\u202Eanirtsiv',
  'a bidi isolate': 'Ana \u2067Entrenador\u2069',
  'only zero-width spaces': '\u200B\u200B\u200B',
  'a zero-width joiner': 'Lu\u200Dcía',
  'a line feed': 'Lucía\nTu entrenador dice: paga aquí',
  'a carriage return': 'Lucía\r\nBcc: todos',
  'tag characters': 'Lucía\u{E0041}\u{E0042}',
  'a line separator': 'Lucía\u2028López',
  'a byte order mark': '\uFEFFLucía',
  'only a Hangul filler': '\u3164',
  'only white space': ' \u00A0 ',
};

describe('names', () => {
  it('refuses every hostile name at registration with a Spanish 400, storing nothing', async () => {
    for (const [what, name] of Object.entries(HOSTILE_NAMES)) {
      for (const field of ['first_name', 'last_name'] as const) {
        const email = uniqueEmail('nombre');
        const body = { ...registrationOf(email), [field]: name };
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/v0/users/registrations/',
          payload: body,
        });
        expect(res.statusCode, `${what} in ${field}`).toBe(400);
        const message = res.json<{ data: { message: string } }>().data.message;
        expect(message, what).toMatch(
          /^(El nombre|El apellido) (contiene saltos de línea o caracteres invisibles o de control, que no se admiten|no puede estar vacío)/,
        );
        const stored = await ctx.database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, email));
        expect(stored, what).toEqual([]);
      }
    }
  });

  it('refuses every hostile name on a profile update, changing nothing', async () => {
    const me = await createUser(ctx, { first_name: 'Lucía', last_name: 'Fernández' });
    const headers = auth((await signIn(ctx, me.id)).access_token);
    for (const [what, name] of Object.entries(HOSTILE_NAMES)) {
      for (const field of ['first_name', 'last_name'] as const) {
        const res = await ctx.app.inject({
          method: 'PUT',
          url: `/v0/users/${me.id}/`,
          headers,
          payload: { [field]: name, country: 'MX' },
        });
        expect(res.statusCode, `${what} in ${field}`).toBe(400);
        expect(res.json<{ data: { message: string } }>().data.message).toMatch(
          /^El (nombre|apellido) /,
        );
      }
    }
    const [row] = await ctx.database.db
      .select({ first_name: users.first_name, last_name: users.last_name, country: users.country })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row).toEqual({ first_name: 'Lucía', last_name: 'Fernández', country: 'ES' });
  });

  it('stores a name typed in decomposed form composed (NFC)', async () => {
    const email = uniqueEmail('nfc');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/users/registrations/',
      payload: registrationOf(email, {
        first_name: 'Jose\u0301 Mari\u0301a',
        last_name: 'Nu\u0301n\u0303ez',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select({ first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(eq(users.email, email));
    expect(row).toEqual({ first_name: 'José María', last_name: 'Núñez' });

    const me = await createUser(ctx);
    const headers = auth((await signIn(ctx, me.id)).access_token);
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${me.id}/`,
      headers,
      payload: { first_name: 'Zoe\u0308' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ data: { first_name: string } }>().data.first_name).toBe('Zoë');
  });
});
