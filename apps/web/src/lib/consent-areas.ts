import type { ConsentArea } from '@forja/shared/constants';

/**
 * The four areas a trainee shares with their trainer, named and explained the same way
 * where the trainee chooses them (the invitation) and where they change them (settings).
 */
export const CONSENT_AREA_TEXTS: Record<ConsentArea, { label: string; detail: string }> = {
  diary: {
    label: 'Diario',
    detail: 'Lo que comes y bebes cada día, tus objetivos y cuándo entraste por última vez.',
  },
  training: {
    label: 'Entrenamiento',
    detail: 'Tus sesiones y las series que registras.',
  },
  body: {
    label: 'Cuerpo',
    detail: 'Tu peso y tus medidas corporales.',
  },
  check_ins: {
    label: 'Revisiones',
    detail: 'Las revisiones semanales que respondas.',
  },
};
