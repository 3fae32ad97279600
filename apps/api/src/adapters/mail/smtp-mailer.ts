import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** The domain of the sender's address, for Message-IDs: `hola@forja.example` → forja.example. */
function domainOf(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'forja';
}

/** Sends real mail through the SMTP server named by SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const domain = domainOf(from);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A dead server must fail the attempt quickly; the outbox retries it later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send({ id, ...message }: MailMessage) {
      await transport.sendMail({
        from,
        ...message,
        ...(id ? { messageId: `<${id}@${domain}>` } : {}),
      });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
