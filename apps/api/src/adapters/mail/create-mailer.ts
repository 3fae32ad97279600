import type { Config } from '#config';
import { createDevOutboxMailer } from './dev-outbox-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The one place that picks the mail adapter: SMTP when SMTP_URL is set, else the dev outbox. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>,
  write: (entry: string) => void,
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createDevOutboxMailer(write, config.publicUrl);
}
