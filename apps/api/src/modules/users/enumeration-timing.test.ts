import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, mailsTo, runMailRequests } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { mailRequests } from '#db/schema/mail';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const SAMPLES = 200;
const WARM_UP = 40;

/** Φ, the standard normal distribution function (Abramowitz and Stegun 7.1.26). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Mann-Whitney U of two samples, normal approximation with the tie correction: the two-sided
 * p-value, and the probability that a value of `a` exceeds one of `b` (0.5 when alike; the
 * accuracy of the best guess from one timing grows with its distance from 0.5).
 */
function mannWhitney(a: number[], b: number[]) {
  const all = [
    ...a.map((value) => ({ value, first: true })),
    ...b.map((value) => ({ value, first: false })),
  ].sort((x, y) => x.value - y.value);
  let rankSum = 0;
  let ties = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]?.value === all[i]?.value) j += 1;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) if (all[k]?.first) rankSum += rank;
    const size = j - i + 1;
    ties += size ** 3 - size;
    i = j + 1;
  }
  const [n1, n2, n] = [a.length, b.length, a.length + b.length];
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1))));
  const z = (u - (n1 * n2) / 2) / sigma;
  return { p: 2 * (1 - normalCdf(Math.abs(z))), superiority: u / (n1 * n2) };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1] ?? 0;

/** Answer times of `url` for a known and an unknown address, interleaved, in milliseconds. */
async function timings(url: string, known: string, unknown: string) {
  const samples = { known: [] as number[], unknown: [] as number[] };
  const time = async (email: string) => {
    const started = process.hrtime.bigint();
    const res = await ctx.app.inject({ method: 'POST', url, payload: { email } });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    expect(res.statusCode).toBe(200);
    return elapsed;
  };
  for (let round = 0; round < WARM_UP + SAMPLES; round += 1) {
    // Alternate which goes first, so neither profits from the other having just run.
    const order =
      round % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const which of order) {
      const elapsed = await time(which === 'known' ? known : unknown);
      if (round >= WARM_UP) samples[which].push(elapsed);
    }
  }
  return samples;
}

describe('reset trigger and verification resend', () => {
  // Someone timing the answer must not learn whether an address has an account. On a busy
  // machine single timings vary a lot, so the whole distributions are compared: a difference
  // counts only when it is both significant (p < 0.001) and large enough to guess from
  // (a known address slower than an unknown one in more than 60 % of pairs, or faster in
  // more than 60 %).
  for (const url of [
    '/v0/users/password-reset/triggers/',
    '/v0/users/registrations/email-verifications/resend/',
  ]) {
    it(`answers ${url} as fast for a known address as for an unknown one`, async () => {
      const user = await createUser(ctx, { enabled: false });
      const [local, domain] = user.email.split('@');
      // The same length, so not even the size of the request differs.
      const unknown = `${'x'.repeat(local?.length ?? 0)}@${domain ?? ''}`;
      const samples = await timings(url, user.email, unknown);
      const { p, superiority } = mannWhitney(samples.known, samples.unknown);
      const summary = `median known ${median(samples.known).toFixed(2)} ms, unknown ${median(samples.unknown).toFixed(2)} ms, p = ${p.toExponential(2)}, P(known slower) = ${superiority.toFixed(2)}`;
      const telling = p < 0.001 && Math.abs(superiority - 0.5) > 0.1;
      expect(telling, summary).toBe(false);
      await ctx.database.db.delete(mailRequests);
    });
  }

  it('still mails the known address exactly once per request, after the answer', async () => {
    const user = await createUser(ctx, { enabled: false });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/users/password-reset/triggers/',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    // Two workers at once take the request once between them.
    await Promise.all([runMailRequests(ctx), runMailRequests(ctx)]);
    await runMailRequests(ctx);
    const mails = await mailsTo(ctx, user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Restablece tu contraseña de Forja']);
  });
});
