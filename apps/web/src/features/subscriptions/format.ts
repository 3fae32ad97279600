import type { PlanOffer } from '@forja/shared/schemas/subscription';

/** "9,99 €" for 999 cents of euros. */
export function formatPrice(offer: Pick<PlanOffer, 'price' | 'currency'>): string {
  return new Intl.NumberFormat('es-ES', {
    style: 'currency',
    currency: offer.currency.toUpperCase(),
  }).format(offer.price / 100);
}

export function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' }).format(date);
}
