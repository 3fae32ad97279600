import { queryOptions } from '@tanstack/react-query';
import {
  recoveryCodesSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from '@forja/shared/schemas/two-factor';
import { z } from 'zod';
import { http } from '#lib/http';

const base = (userId: string) => `/users/${encodeURIComponent(userId)}/two-factor/`;

export const twoFactorQuery = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'two-factor'] as const,
    queryFn: () =>
      http.get(base(userId), {
        schema: twoFactorStatusSchema,
        invalidResponseMessage: 'No pudimos saber si tienes la verificación en dos pasos',
      }),
  });

/** A new secret, shown once: as a QR code and as text. */
export function startTwoFactor(userId: string) {
  return http.post(base(userId), { schema: twoFactorEnrolmentSchema });
}

/** Turns it on with a code from the app; answers the ten recovery codes, once. */
export function confirmTwoFactor(userId: string, code: string) {
  return http.post(`${base(userId)}confirmation/`, {
    schema: recoveryCodesSchema,
    body: { code },
  });
}

/** Turns it off with the password or a code from the app. */
export function disableTwoFactor(userId: string, proof: { password: string } | { code: string }) {
  return http.delete(base(userId), { schema: z.object({ message: z.string() }), body: proof });
}

/** The QR code of an `otpauth://` address as an SVG; the library loads only here. */
export async function qrSvg(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}
