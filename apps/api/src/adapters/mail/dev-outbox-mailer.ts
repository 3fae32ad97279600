import type { Mailer, MailMessage } from './mailer';

/**
 * The embedded default when no SMTP_URL is set: nothing leaves the machine. Each message
 * is written to the log with its text (and so its code or link); the outbox table keeps
 * every message, listed at /dev/mail.
 */
export function createDevOutboxMailer(write: (entry: string) => void): Mailer {
  return {
    kind: 'dev-outbox',
    send(message: MailMessage) {
      write(`[dev-outbox] Para: ${message.to}\nAsunto: ${message.subject}\n\n${message.text}\n`);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}
