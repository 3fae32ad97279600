import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  invitationSchema,
  invitationSummarySchema,
  type Invitation,
  type InvitationCreate,
} from '@forja/shared/schemas/trainers';
import { http } from '#lib/http';

const INVALID = 'Ocurrió un error al obtener tus invitaciones';

/** The trainer's open invitations (not expired, uses left), newest first; without codes. */
export const invitationsQuery = queryOptions({
  queryKey: ['trainers', 'invitations'],
  queryFn: () =>
    http.get('/trainers/invitations/', {
      schema: z.array(invitationSummarySchema),
      invalidResponseMessage: INVALID,
    }),
});

/** A new invitation: the only answer that carries its code and link. */
export function createInvitation(request: InvitationCreate): Promise<Invitation> {
  return http.post('/trainers/invitations/', {
    schema: invitationSchema,
    body: request,
    invalidResponseMessage: 'Ocurrió un error al crear la invitación',
  });
}

export async function revokeInvitation(id: string): Promise<void> {
  await http.delete(`/trainers/invitations/${encodeURIComponent(id)}/`, { schema: z.unknown() });
}
