import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Clock } from '#clock';
import { lockEventTickets } from '#db/advisory-locks';
import type { Db } from '#db/client';
import { sessionFamilies } from '#db/schema/auth';
import { eventStreamTickets } from '#db/schema/messages';
import { hashToken, looksLikeToken, newToken } from '#security/tokens';

/** How long a stream ticket is good for, once. */
export const TICKET_LIFETIME_MS = 60_000;
/** Tickets a person holds unused at once; a new one past this drops the oldest. */
export const MAX_TICKETS_PER_USER = 20;

interface TicketDeps {
  db: Db;
  clock: Clock;
}

/**
 * A new ticket for one event stream of the person (decision 060): 256 random bits, of which
 * only the SHA-256 is kept, good once and for a minute, in the session (family) it was asked
 * in (decision 098). The person's expired tickets go, and past 20 unused the oldest, under
 * their lock, so the table stays bounded.
 */
export async function issueTicket(deps: TicketDeps, userId: string, familyId: string) {
  const ticket = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + TICKET_LIFETIME_MS);
  await deps.db.transaction(async (tx) => {
    await lockEventTickets(tx, userId);
    await tx
      .delete(eventStreamTickets)
      .where(and(eq(eventStreamTickets.user_id, userId), lte(eventStreamTickets.expires_at, now)));
    const held = await tx
      .select({ hash: eventStreamTickets.ticket_hash })
      .from(eventStreamTickets)
      .where(eq(eventStreamTickets.user_id, userId))
      .orderBy(asc(eventStreamTickets.expires_at));
    for (const old of held.slice(0, Math.max(0, held.length - MAX_TICKETS_PER_USER + 1))) {
      await tx.delete(eventStreamTickets).where(eq(eventStreamTickets.ticket_hash, old.hash));
    }
    await tx.insert(eventStreamTickets).values({
      ticket_hash: hashToken(ticket),
      user_id: userId,
      family_id: familyId,
      expires_at: expiresAt,
    });
  });
  return { ticket, expires_at: expiresAt };
}

/**
 * The person a ticket was issued to and its session, using it up; null for anything not good
 * now, a ticket of a session ended (logout, password change, …) included.
 */
export async function redeemTicket(
  deps: TicketDeps,
  ticket: string,
): Promise<{ userId: string; familyId: string } | null> {
  if (!looksLikeToken(ticket)) return null;
  const now = deps.clock.now();
  const [row] = await deps.db
    .delete(eventStreamTickets)
    .where(
      and(
        eq(eventStreamTickets.ticket_hash, hashToken(ticket)),
        gt(eventStreamTickets.expires_at, now),
      ),
    )
    .returning({ user_id: eventStreamTickets.user_id, family_id: eventStreamTickets.family_id });
  if (!row) return null;
  const [live] = await deps.db
    .select({ id: sessionFamilies.id })
    .from(sessionFamilies)
    .where(
      and(
        eq(sessionFamilies.id, row.family_id),
        isNull(sessionFamilies.revoked_at),
        gt(sessionFamilies.expires_at, now),
      ),
    );
  return live ? { userId: row.user_id, familyId: row.family_id } : null;
}
