import type { Mailer, MailMessage } from './mailer';

/**
 * The embedded default when no SMTP_URL is set: nothing leaves the machine. The log says
 * that a message is there, never what it says (it carries codes and links, and logs travel
 * further than the database); the outbox table keeps every message, listed at /dev/mail.
 */
export function createDevOutboxMailer(write: (entry: string) => void, publicUrl: string): Mailer {
  return {
    kind: 'dev-outbox',
    send(message: MailMessage) {
      write(
        `[dev-outbox] Para: ${message.to} · Asunto: ${message.subject} · léelo en ${publicUrl}/dev/mail`,
      );
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}
