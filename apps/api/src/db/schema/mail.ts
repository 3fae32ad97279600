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
  'notification_digest',
  'welcome',
  'payment_receipt',
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

export const MAIL_REQUEST_KINDS = ['password_reset', 'verification_resend'] as const;
export type MailRequestKind = (typeof MAIL_REQUEST_KINDS)[number];

/**
 * A reset link or a new verification code someone asked for, by address. The request only
 * writes this row, whether or not the address has an account, so both answer alike and
 * equally fast; a worker then looks the account up and writes the message to the outbox,
 * deleting the row in the same transaction.
 */
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: MAIL_REQUEST_KINDS }).notNull(),
    email: text('email').notNull(),
    requested_at: at('requested_at').notNull(),
  },
  (table) => [
    index('mail_requests_requested_at_idx').on(table.requested_at),
    index('mail_requests_email_idx').on(sql`lower(${table.email})`),
    check(
      'mail_requests_kind_check',
      sql`${table.kind} in ('password_reset', 'verification_resend')`,
    ),
  ],
);
