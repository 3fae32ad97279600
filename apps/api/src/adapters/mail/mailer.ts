/** An e-mail ready to go: Spanish text and HTML versions of the same message. */
export interface MailMessage {
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
