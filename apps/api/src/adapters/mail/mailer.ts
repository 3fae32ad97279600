/** An e-mail ready to go: Spanish text and HTML versions of the same message. */
export interface MailMessage {
  /**
   * The outbox row it comes from. It makes the Message-ID, the same on every attempt, so
   * a message delivered twice (at-least-once delivery) can be recognised as one.
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands one message to whatever delivers mail. Throws when it could not. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
