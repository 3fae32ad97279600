import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { isAuthenticated } from '#lib/session';

/** Without a stored access token, off to login with the way back. */
export function requireToken(location: ParsedLocation): void {
  if (!isAuthenticated()) {
    throw redirect({ to: '/auth/login', search: { from: location.href } });
  }
}
