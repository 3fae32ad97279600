import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context';
import { newToken } from '#security/tokens';

let ctx: TestContext;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  ctx = await createTestContext({ build: { logger: { level: 'info', stream } } });
});

afterAll(async () => {
  await ctx.close();
});

describe('the request log', () => {
  it('logs the path of each request without its query string', async () => {
    const token = newToken();
    const email = 'ana.secreta@example.com';
    const urls = [
      `/users/password-reset?email=${encodeURIComponent(email)}&token=${token}`,
      `/v0/foods/?q=${token}`,
      `/v0/users/?email=${encodeURIComponent(email)}`,
      `/dev/mail.json?to=${encodeURIComponent(email)}`,
    ];
    for (const url of urls) {
      await ctx.app.inject({ method: 'GET', url });
    }
    const requests = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(requests).toEqual([
      '/users/password-reset',
      '/v0/foods/',
      '/v0/users/',
      '/dev/mail.json',
    ]);
    const log = lines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain('ana.secreta');
  });
});
