import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Sends real mail through the SMTP server named by SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A dead server must fail the attempt quickly; the outbox retries it later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
