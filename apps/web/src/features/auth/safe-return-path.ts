/**
 * The page to return to after login: only a path of this site, so a crafted link cannot
 * send someone elsewhere. Anything else falls back to the home screen.
 */
export function safeReturnPath(from: string): string {
  const isLocalPath = from.startsWith('/') && !from.startsWith('//') && !from.includes('\\');
  return isLocalPath && !from.startsWith('/auth/login') ? from : '/users/home';
}
