import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createUser,
  lastMailTo,
  resetTokenIn,
  runMailRequests,
  uniqueEmail,
  registrationOf,
} from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { freePort } from '#test/ports';
import { startSmtpServer } from '#test/smtp-server';
import { createMailer } from '#adapters/mail/create-mailer';
import { createDevOutboxMailer } from '#adapters/mail/dev-outbox-mailer';
import { deliverPendingMail, enqueueMail, MAIL_DELIVERY } from '#adapters/mail/outbox';
import { mailOutbox } from '#db/schema/mail';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const smtpConfig = (port: number) => ({
  smtpUrl: `smtp://127.0.0.1:${port}`,
  mailFrom: 'Forja <no-reply@forja.test>',
  publicUrl: 'http://forja.test',
});

async function outboxRows() {
  return ctx.database.db.select().from(mailOutbox);
}

describe('the mail outbox', () => {
  it('delivers each message exactly once when SMTP comes back after an outage', async () => {
    await ctx.database.db.delete(mailOutbox);
    const port = await freePort();
    const mailer = createMailer(smtpConfig(port), () => undefined);
    const deps = { db: ctx.database.db, clock: ctx.clock, mailer };
    const recipients = [uniqueEmail('uno'), uniqueEmail('dos'), uniqueEmail('tres')];
    for (const to of recipients) {
      await enqueueMail(deps, {
        kind: 'password_changed',
        to,
        subject: 'Hola desde Forja',
        text: 'Texto',
        html: '<p>Texto</p>',
      });
    }

    // Nobody listens on the port: every attempt fails and is put off.
    expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 3 });
    for (const row of await outboxRows()) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(row.next_attempt_at.getTime()).toBe(
        ctx.clock.now().getTime() + MAIL_DELIVERY.firstRetryMs,
      );
      expect(row.last_error).toBeTruthy();
    }
    // Not due yet: nothing is tried.
    expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 0 });

    // Still down at the next attempt: the delay doubles.
    ctx.clock.advance(MAIL_DELIVERY.firstRetryMs);
    expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 3 });
    const [afterTwo] = await outboxRows();
    expect(afterTwo?.next_attempt_at.getTime()).toBe(
      ctx.clock.now().getTime() + 2 * MAIL_DELIVERY.firstRetryMs,
    );

    const smtp = await startSmtpServer(port);
    try {
      ctx.clock.advance(2 * MAIL_DELIVERY.firstRetryMs);
      expect(await deliverPendingMail(deps)).toEqual({ sent: 3, failed: 0 });
      const deliveredAt = ctx.clock.now();
      ctx.clock.advance(24 * 3_600_000);
      expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 0 });

      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
      expect(smtp.received[0]?.raw).toContain('Subject: Hola desde Forja');
      expect(smtp.received[0]?.raw).toContain('no-reply@forja.test');
      const rows = await outboxRows();
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
        expect(row.sent_at).toEqual(deliveredAt);
      }
      // The Message-ID names the outbox row, whichever attempt carried it.
      const messageIds = smtp.received.map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]);
      expect(messageIds.sort()).toEqual(rows.map((row) => `<${row.id}@forja.test>`).sort());
    } finally {
      await smtp.close();
      await mailer.close();
    }
  });

  it('lets reset and resend answer known and unknown e-mails alike while SMTP is down', async () => {
    await ctx.database.db.delete(mailOutbox);
    const port = await freePort();
    const mailer = createMailer(smtpConfig(port), () => undefined);
    const deps = { db: ctx.database.db, clock: ctx.clock, mailer };
    const post = (url: string, email: string) =>
      ctx.app.inject({ method: 'POST', url, payload: { email } });
    try {
      const known = await createUser(ctx, { enabled: false });
      for (const url of [
        '/v0/users/password-reset/triggers/',
        '/v0/users/registrations/email-verifications/resend/',
      ]) {
        const first = await post(url, known.email);
        await runMailRequests(ctx);
        // Nobody listens on the port: sending what the call queued fails.
        const delivery = await deliverPendingMail(deps);
        expect(delivery.sent, url).toBe(0);
        expect(delivery.failed, url).toBeGreaterThan(0);
        ctx.clock.advance(61_000);
        const afterFailure = await post(url, known.email);
        const unknown = await post(url, uniqueEmail('nadie'));
        for (const res of [first, afterFailure, unknown]) {
          expect(res.statusCode, url).toBe(200);
          expect(res.json(), url).toEqual(unknown.json());
        }
      }
      // Nothing was lost: every message waits for SMTP to come back.
      await runMailRequests(ctx);
      const rows = await outboxRows();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.every((row) => row.status === 'pending' && row.to_address === known.email)).toBe(
        true,
      );
    } finally {
      await mailer.close();
    }
  });

  it('sends the verification e-mail in Spanish, as text and HTML, over SMTP', async () => {
    await ctx.database.db.delete(mailOutbox);
    const port = await freePort();
    const smtp = await startSmtpServer(port);
    const mailer = createMailer(smtpConfig(port), () => undefined);
    try {
      const email = uniqueEmail('smtp');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v0/users/registrations/',
        payload: registrationOf(email, { first_name: 'Íñigo', last_name: 'Ruiz' }),
      });
      expect(res.statusCode).toBe(201);
      expect(await deliverPendingMail({ db: ctx.database.db, clock: ctx.clock, mailer })).toEqual({
        sent: 1,
        failed: 0,
      });
      const [message] = smtp.received;
      expect(message?.to).toEqual([email]);
      expect(message?.raw).toContain('multipart/alternative');
      expect(message?.raw).toContain('text/plain');
      expect(message?.raw).toContain('text/html');
    } finally {
      await smtp.close();
      await mailer.close();
    }
  });

  it('logs that a message is in the dev outbox, never its code or link, and keeps it readable there', async () => {
    await ctx.database.db.delete(mailOutbox);
    const email = uniqueEmail('dev');
    await ctx.app.inject({
      method: 'POST',
      url: '/v0/users/registrations/',
      payload: registrationOf(email, { first_name: 'Ana', last_name: 'Gil' }),
    });
    const lines: string[] = [];
    const mailer = createDevOutboxMailer((entry) => lines.push(entry), 'http://forja.test');
    expect(mailer.kind).toBe('dev-outbox');
    await deliverPendingMail({ db: ctx.database.db, clock: ctx.clock, mailer });
    expect(lines).toHaveLength(1);
    const [mail] = (
      await ctx.app.inject({ method: 'GET', url: `/dev/mail.json?to=${email}` })
    ).json<{
      data: { text: string; sent_at: string | null }[];
    }>().data;
    if (!mail) throw new Error('no mail listed');
    expect(mail.sent_at).not.toBeNull();
    const code = /Código: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(lines[0]).toBe(
      `[dev-outbox] Para: ${email} · Asunto: Tu código de verificación de Forja · léelo en http://forja.test/dev/mail`,
    );
    expect(lines[0]).not.toContain(code ?? '');
  });

  it('forgets the code or link of a message once SMTP took it, keeping who, what and when', async () => {
    await ctx.database.db.delete(mailOutbox);
    const port = await freePort();
    const smtp = await startSmtpServer(port);
    const mailer = createMailer(smtpConfig(port), () => undefined);
    try {
      const user = await createUser(ctx);
      const email = uniqueEmail('smtp-codigo');
      await ctx.app.inject({
        method: 'POST',
        url: '/v0/users/registrations/',
        payload: registrationOf(email, { first_name: 'Ana', last_name: 'Gil' }),
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/v0/users/password-reset/triggers/',
        payload: { email: user.email },
      });
      const code = codeIn(await lastMailTo(ctx, email));
      const token = resetTokenIn(await lastMailTo(ctx, user.email));
      expect(await deliverPendingMail({ db: ctx.database.db, clock: ctx.clock, mailer })).toEqual({
        sent: 2,
        failed: 0,
      });
      const delivered = smtp.received.map((message) => message.raw).join('\n');
      expect(delivered).toContain(code);
      expect(delivered).toContain(token);

      const rows = await outboxRows();
      expect(rows.map((row) => row.kind).sort()).toEqual(['password_reset', 'verification_code']);
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'sent', text_body: '', html_body: '' });
        expect(row.sent_at).toEqual(ctx.clock.now());
        expect(row.subject).toContain('Forja');
        expect([email, user.email]).toContain(row.to_address);
        expect(JSON.stringify(row)).not.toContain(code);
        expect(JSON.stringify(row)).not.toContain(token);
      }
    } finally {
      await smtp.close();
      await mailer.close();
    }
  });

  it('picks SMTP when SMTP_URL is set and the dev outbox otherwise', () => {
    const config = { mailFrom: 'Forja <no-reply@localhost>', publicUrl: 'http://forja.test' };
    expect(createMailer({ ...config, smtpUrl: undefined }, () => undefined).kind).toBe(
      'dev-outbox',
    );
    expect(
      createMailer({ ...config, smtpUrl: 'smtp://127.0.0.1:2525' }, () => undefined).kind,
    ).toBe('smtp');
  });
});

describe('GET /dev/mail', () => {
  it('lists messages newest first as JSON, filtered by recipient', async () => {
    await ctx.database.db.delete(mailOutbox);
    const deps = { db: ctx.database.db, clock: ctx.clock };
    const ana = uniqueEmail('ana');
    await enqueueMail(deps, {
      kind: 'password_changed',
      to: ana,
      subject: 'Primero',
      text: 'uno',
      html: '<p>uno</p>',
    });
    ctx.clock.advance(1_000);
    await enqueueMail(deps, {
      kind: 'password_changed',
      to: uniqueEmail('otra'),
      subject: 'Otro',
      text: 'x',
      html: 'x',
    });
    ctx.clock.advance(1_000);
    await enqueueMail(deps, {
      kind: 'password_changed',
      to: ana,
      subject: 'Segundo',
      text: 'dos',
      html: '<p>dos</p>',
    });

    const all = await ctx.app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(all.statusCode).toBe(200);
    expect(all.json<{ data: unknown[] }>().data).toHaveLength(3);

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/dev/mail.json?to=${encodeURIComponent(ana.toUpperCase())}`,
    });
    expect(res.json()).toEqual({
      status: 200,
      data: [
        {
          id: expect.any(String),
          to: ana,
          subject: 'Segundo',
          text: 'dos',
          html: '<p>dos</p>',
          created_at: ctx.clock.now().toISOString(),
          sent_at: null,
        },
        expect.objectContaining({ subject: 'Primero', text: 'uno' }),
      ],
    });
  });

  it('shows people an HTML page with the text of each message, escaped', async () => {
    await ctx.database.db.delete(mailOutbox);
    await enqueueMail(
      { db: ctx.database.db, clock: ctx.clock },
      {
        kind: 'verification_code',
        to: uniqueEmail(),
        subject: '<script>x</script>',
        text: 'Código: 123456',
        html: '',
      },
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Código: 123456');
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).not.toContain('<script>x');
  });

  it('does not exist in production, even with the development outbox as mailer', async () => {
    const production = await createTestContext({
      database: ctx.database,
      env: { NODE_ENV: 'production', ALLOW_EMBEDDED_ADAPTERS: 'true' },
    });
    try {
      for (const url of ['/dev/mail', '/dev/mail.json']) {
        const res = await production.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });

  it('does not exist when mail goes out over SMTP', async () => {
    // Anyone could otherwise ask a reset link for someone else and read it here.
    const smtp = await createTestContext({
      database: ctx.database,
      env: { SMTP_URL: 'smtp://127.0.0.1:2525' },
    });
    try {
      await enqueueMail(
        { db: ctx.database.db, clock: ctx.clock },
        {
          to: uniqueEmail(),
          subject: 'Restablece tu contraseña',
          kind: 'password_reset',
          text: 'enlace',
          html: '',
        },
      );
      for (const url of ['/dev/mail', '/dev/mail.json']) {
        const res = await smtp.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await smtp.close();
    }
  });
});

it('reads the code from the listed message just as the browser tests will', async () => {
  const email = uniqueEmail('e2e');
  await ctx.app.inject({
    method: 'POST',
    url: '/v0/users/registrations/',
    payload: registrationOf(email, { first_name: 'Eva', last_name: 'Sanz' }),
  });
  const listed = await ctx.app.inject({ method: 'GET', url: `/dev/mail.json?to=${email}` });
  const [mail] = listed.json<{
    data: {
      id: string;
      to: string;
      subject: string;
      text: string;
      html: string;
      created_at: string;
      sent_at: null;
    }[];
  }>().data;
  if (!mail) throw new Error('no mail listed');
  const code = codeIn({ ...mail, created_at: new Date(mail.created_at), sent_at: null });
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/v0/users/registrations/email-verifications/',
    payload: { email, token: code },
  });
  expect(verified.statusCode).toBe(200);
});
