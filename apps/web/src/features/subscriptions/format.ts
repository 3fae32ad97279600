import type { PlanOffer } from '@forja/shared/schemas/subscription';
import { dateTimeFormat, numberFormat } from '#lib/intl-formats';

/** "9,99 €" for 999 cents of euros. */
export function formatPrice(offer: Pick<PlanOffer, 'price' | 'currency'>): string {
  return numberFormat({ style: 'currency', currency: offer.currency.toUpperCase() }).format(
    offer.price / 100,
  );
}

export function formatDate(date: Date): string {
  return dateTimeFormat({ dateStyle: 'long' }).format(date);
}
