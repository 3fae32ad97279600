import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/** What a message is about, kept for support after its body is gone. */
export const MAIL_KINDS = [
  'verification_code',
  'password_reset',
  'password_changed',
  'account_deleted',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Every e-mail the product sends, written in the same transaction as the code or token it
 * carries; a worker delivers it afterwards with retries. Once sent over SMTP the bodies are
 * emptied (they hold codes and links); the row keeps who, what and when until it is purged.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Always written; empty only on rows older than the column. */
    kind: text('kind', { enum: MAIL_KINDS }),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').notNull(),
    /** When a worker took it; a claim older than the lease is taken over. */
    claimed_at: at('claimed_at'),
    last_error: text('last_error'),
    created_at: at('created_at').notNull(),
    sent_at: at('sent_at'),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.next_attempt_at),
    index('mail_outbox_to_idx').on(sql`lower(${table.to_address})`),
    check(
      'mail_outbox_status_check',
      sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`,
    ),
  ],
);
