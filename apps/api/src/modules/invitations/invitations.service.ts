import { and, count, desc, eq, gt, lte, or } from 'drizzle-orm';
import {
  CONSENT_AREAS,
  MAX_ACTIVE_INVITATIONS,
  MAX_TRAINEES_PER_TRAINER,
} from '@forja/shared/constants';
import { isId } from '@forja/shared/schemas/common';
import type {
  Invitation,
  InvitationAcceptance,
  InvitationCreate,
  InvitationPreview,
  InvitationSummary,
  TraineeTrainer,
} from '@forja/shared/schemas/trainers';
import type { Clock } from '#clock';
import { lockInvitations, lockRoster } from '#db/advisory-locks';
import type { Db } from '#db/client';
import { trainerInvitations, trainerLinks } from '#db/schema/coaching';
import { users } from '#db/schema/users';
import { linkTrainee, lockTrainee } from '#db/trainer-links';
import { AppError } from '#http/app-error';
import type { Principal } from '#http/authentication';
import { hashToken, looksLikeToken, newToken } from '#security/tokens';

export interface InvitationsDeps {
  db: Db;
  clock: Clock;
  /** Base of the invitation links. */
  publicUrl: string;
}

const DAY_MS = 86_400_000;
export const INVITATION_DEFAULTS = { maxUses: 1, expiresInDays: 7 } as const;

type InvitationRow = typeof trainerInvitations.$inferSelect;

function summaryOf(row: InvitationRow): InvitationSummary {
  return {
    id: row.id,
    expires_at: row.expires_at,
    uses_left: row.uses_left,
    max_uses: row.max_uses,
    created_at: row.created_at,
  };
}

/** An invitation that can still be accepted: not expired, not used up (revoked ones are gone). */
function live(now: Date) {
  return and(gt(trainerInvitations.expires_at, now), gt(trainerInvitations.uses_left, 0));
}

/**
 * Makes an invitation and answers its link, shown this once: only the code's hash is kept.
 * The trainer's invitations are counted under their lock, so invitations made at once cannot
 * together pass the bound; those expired or used up are cleared first.
 */
export async function createInvitation(
  deps: InvitationsDeps,
  trainerId: string,
  input: InvitationCreate,
): Promise<Invitation> {
  const code = newToken();
  const maxUses = input.max_uses ?? INVITATION_DEFAULTS.maxUses;
  const days = input.expires_in_days ?? INVITATION_DEFAULTS.expiresInDays;
  return deps.db.transaction(async (tx) => {
    await lockInvitations(tx, trainerId);
    const now = deps.clock.now();
    const mine = eq(trainerInvitations.trainer_id, trainerId);
    await tx
      .delete(trainerInvitations)
      .where(
        and(mine, or(lte(trainerInvitations.expires_at, now), eq(trainerInvitations.uses_left, 0))),
      );
    const [open] = await tx.select({ count: count() }).from(trainerInvitations).where(mine);
    if ((open?.count ?? 0) >= MAX_ACTIVE_INVITATIONS) throw new AppError('tooManyInvitations');
    const [row] = await tx
      .insert(trainerInvitations)
      .values({
        trainer_id: trainerId,
        code_hash: hashToken(code),
        max_uses: maxUses,
        uses_left: maxUses,
        expires_at: new Date(now.getTime() + days * DAY_MS),
        created_at: now,
      })
      .returning();
    if (!row) throw new Error('invitation not stored');
    return { ...summaryOf(row), code, url: `${deps.publicUrl}/invitations/${code}` };
  });
}

/** The trainer's invitations that can still be accepted, newest first. */
export async function listInvitations(
  deps: InvitationsDeps,
  trainerId: string,
): Promise<InvitationSummary[]> {
  const rows = await deps.db
    .select()
    .from(trainerInvitations)
    .where(and(eq(trainerInvitations.trainer_id, trainerId), live(deps.clock.now())))
    .orderBy(desc(trainerInvitations.created_at), desc(trainerInvitations.id));
  return rows.map(summaryOf);
}

/** Revokes one of the trainer's invitations: its link stops working at once. */
export async function revokeInvitation(
  deps: InvitationsDeps,
  trainerId: string,
  id: string,
): Promise<void> {
  if (!isId(id)) throw new AppError('invitationNotFound');
  const deleted = await deps.db
    .delete(trainerInvitations)
    .where(and(eq(trainerInvitations.id, id), eq(trainerInvitations.trainer_id, trainerId)))
    .returning({ id: trainerInvitations.id });
  if (deleted.length === 0) throw new AppError('invitationNotFound');
}

/** Who invites and what they ask to see, for anyone holding a live link; else a 404. */
export async function previewInvitation(
  deps: InvitationsDeps,
  code: string,
): Promise<InvitationPreview> {
  if (!looksLikeToken(code)) throw new AppError('invitationNotFound');
  const [row] = await deps.db
    .select({
      first_name: users.first_name,
      last_name: users.last_name,
      expires_at: trainerInvitations.expires_at,
    })
    .from(trainerInvitations)
    .innerJoin(users, eq(users.id, trainerInvitations.trainer_id))
    .where(and(eq(trainerInvitations.code_hash, hashToken(code)), live(deps.clock.now())));
  if (!row) throw new AppError('invitationNotFound');
  return {
    trainer: { first_name: row.first_name, last_name: row.last_name },
    areas: [...CONSENT_AREAS],
    expires_at: row.expires_at,
  };
}

/**
 * A trainee accepts an invitation: their trainer becomes the invitation's, sharing the areas
 * they chose, in one transaction with the use it takes. The invitation row is locked, so of
 * several acceptances of its last use exactly one wins and the others find it used up.
 * Accepting the trainer one already has changes only what is shared and takes no use.
 * Anyone but a trainee gets a 404: trainers (their own invitations included) and admins.
 */
export async function acceptInvitation(
  deps: InvitationsDeps,
  principal: Principal,
  code: string,
  input: InvitationAcceptance,
): Promise<TraineeTrainer> {
  if (principal.role !== 'trainee') throw new AppError('notFound');
  if (!principal.user.enabled) throw new AppError('userNotEnabled');
  if (!looksLikeToken(code)) throw new AppError('invitationNotFound');
  return deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(trainerInvitations)
      .where(eq(trainerInvitations.code_hash, hashToken(code)))
      .for('update');
    const now = deps.clock.now();
    if (!invitation || invitation.expires_at <= now || invitation.uses_left <= 0) {
      throw new AppError('invitationNotFound');
    }
    const trainee = await lockTrainee(tx, principal.userId);
    if (!trainee) throw new AppError('unauthorized');
    if (trainee.trainer_id !== invitation.trainer_id) {
      // A new trainee for the trainer: their list is bounded, and counted under its lock so
      // two acceptances at once cannot both take the last place.
      await lockRoster(tx, invitation.trainer_id);
      const [linked] = await tx
        .select({ count: count() })
        .from(trainerLinks)
        .where(eq(trainerLinks.trainer_id, invitation.trainer_id));
      if ((linked?.count ?? 0) >= MAX_TRAINEES_PER_TRAINER) throw new AppError('rosterFull');
      await tx
        .update(trainerInvitations)
        .set({ uses_left: invitation.uses_left - 1 })
        .where(eq(trainerInvitations.id, invitation.id));
    }
    await linkTrainee(tx, trainee, invitation.trainer_id, input.consent, now);
    const [trainer] = await tx.select().from(users).where(eq(users.id, invitation.trainer_id));
    if (!trainer) throw new AppError('invitationNotFound');
    return {
      id: trainer.id,
      first_name: trainer.first_name,
      last_name: trainer.last_name,
      profile_picture_url: trainer.profile_picture_url,
      consent: input.consent,
    };
  });
}
