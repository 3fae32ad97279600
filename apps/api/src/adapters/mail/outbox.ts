import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Mailer, MailMessage } from './mailer';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { mailOutbox, type MailKind } from '#db/schema/mail';

export const MAIL_DELIVERY = {
  /** Delay before the second attempt; it doubles on each failure up to the cap. */
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  /** About three days of retries before a message is given up as failed. */
  maxAttempts: 80,
  /** A claim older than this belongs to a worker that died; another may take it over. */
  leaseMs: 5 * 60_000,
  batchSize: 20,
} as const;

/** A message as services write it: with what it is about, which outlives its body. */
export interface OutboxMessage extends MailMessage {
  kind: MailKind;
}

/**
 * Writes a message to the outbox. Call it with the transaction that writes what the
 * message announces, so both commit together or neither does.
 */
export async function enqueueMail(deps: { db: Db; clock: Clock }, message: OutboxMessage) {
  const now = deps.clock.now();
  await deps.db.insert(mailOutbox).values({
    to_address: message.to,
    subject: message.subject,
    kind: message.kind,
    text_body: message.text,
    html_body: message.html,
    next_attempt_at: now,
    created_at: now,
  });
}

export function retryDelayMs(attempts: number): number {
  return Math.min(
    MAIL_DELIVERY.firstRetryMs * 2 ** Math.max(0, attempts - 1),
    MAIL_DELIVERY.maxRetryMs,
  );
}

export interface MailDeliveryDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  onError?: (error: unknown, messageId: string) => void;
}

/**
 * Delivers the messages that are due, once each: a message is claimed (status `sending`)
 * before it is handed to the mailer and marked `sent` after, so two workers never send the
 * same one. A failed attempt is retried later with exponential backoff.
 */
export async function deliverPendingMail(deps: MailDeliveryDeps) {
  const { db, clock, mailer } = deps;
  // Bodies carry codes and reset links. Real mail has them in the person's mailbox, so the
  // table forgets them once the message is out (or given up); the dev outbox is the only
  // copy a developer can read at /dev/mail, so it keeps them until the purge.
  const forgetBodies = mailer.kind === 'smtp' ? { text_body: '', html_body: '' } : {};
  const now = clock.now();
  const leaseExpired = new Date(now.getTime() - MAIL_DELIVERY.leaseMs);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.next_attempt_at, now)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.claimed_at, leaseExpired)),
      ),
    )
    .orderBy(mailOutbox.created_at)
    .limit(MAIL_DELIVERY.batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ status: 'sending', claimed_at: now, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();

  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const ours = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, row.attempts),
    );
    try {
      await mailer.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
    } catch (error) {
      failed += 1;
      deps.onError?.(error, row.id);
      const after = clock.now();
      const givenUp = row.attempts >= MAIL_DELIVERY.maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          ...(givenUp ? forgetBodies : {}),
          status: givenUp ? 'failed' : 'pending',
          claimed_at: null,
          next_attempt_at: new Date(after.getTime() + retryDelayMs(row.attempts)),
          last_error: error instanceof Error ? error.message.slice(0, 500) : String(error),
        })
        .where(ours);
      continue;
    }
    sent += 1;
    await db
      .update(mailOutbox)
      .set({
        ...forgetBodies,
        status: 'sent',
        sent_at: clock.now(),
        claimed_at: null,
        last_error: null,
      })
      .where(ours);
  }
  return { sent, failed };
}

/** Delivers everything due, batch after batch while full ones come back (the mail job). */
export async function deliverAllPendingMail(deps: MailDeliveryDeps): Promise<void> {
  for (;;) {
    const { sent, failed } = await deliverPendingMail(deps);
    if (sent + failed < MAIL_DELIVERY.batchSize) return;
  }
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: Date;
  sent_at: Date | null;
}

/** The newest messages first, optionally only those to one address. */
export async function listOutbox(
  deps: { db: Db },
  filter: { to?: string | undefined; limit?: number } = {},
): Promise<OutboxEntry[]> {
  return deps.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to_address,
      subject: mailOutbox.subject,
      text: mailOutbox.text_body,
      html: mailOutbox.html_body,
      created_at: mailOutbox.created_at,
      sent_at: mailOutbox.sent_at,
    })
    .from(mailOutbox)
    .where(filter.to ? sql`lower(${mailOutbox.to_address}) = lower(${filter.to})` : undefined)
    .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
    .limit(filter.limit ?? 100);
}
