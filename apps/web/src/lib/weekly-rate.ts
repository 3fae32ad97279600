/**
 * What a screen says where the weekly rate is not known yet: the server gives it only from
 * 14 days of weighings (decision 063).
 */
export const RATE_PENDING = 'Necesitamos 14 días de pesajes';
