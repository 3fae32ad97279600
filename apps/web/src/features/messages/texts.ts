import { COACHING_MESSAGES } from '@forja/shared/errors';

/** What a trainee without a trainer reads on Mensajes. */
export const TRAINER_NOT_FOUND_TEXT = `${COACHING_MESSAGES.trainerNotFound}. Cuando aceptes la invitación de tu entrenador podréis escribiros aquí.`;
