import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context';
import { premiumUser } from '#test/premium';

let ctx: TestContext;
/** Every line the app's logger writes, as pino hands them to its destination. */
const lines: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    build: { logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } },
  });
});

afterAll(async () => {
  await ctx.close();
});

function upload(userId: string, headers: Record<string, string>, content: Buffer) {
  const boundary = `----forja${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="foto.png"\r\n` +
    `Content-Type: image/png\r\n\r\n`;
  return ctx.app.inject({
    method: 'PUT',
    url: `/v0/users/${userId}/picture/`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

describe('errors in the log', () => {
  it('leave out the statement and the values of a failed query', async () => {
    const { user, headers } = await premiumUser(ctx);
    const picture = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#2e86de' },
    })
      .png()
      .toBuffer();
    // The database refuses every new picture, as it would a statement with a bug.
    await ctx.database.rows(
      sql`alter table profile_pictures add constraint forja_test_block check (false) not valid`,
    );
    try {
      const res = await upload(user.id, headers, picture);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 500, data: { error: 'internal server error' } });
    } finally {
      await ctx.database.rows(sql`alter table profile_pictures drop constraint forja_test_block`);
    }

    const logged = lines.join('');
    // Neither the statement nor what was sent with it (the user's id, the picture's bytes)...
    expect(logged.toLowerCase()).not.toContain('insert into');
    expect(logged).not.toContain('"content_type"');
    expect(logged).not.toContain('params');
    expect(logged).not.toContain(user.id);
    expect(logged).not.toContain('WEBP');
    expect(logged).not.toContain('Failing row');
    // ...but the failure is there, with what a person needs to find it.
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('23514');
    expect(logged).toContain('forja_test_block');
  });
});
