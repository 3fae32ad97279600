/** Where the HTTP client sends the browser when the session ends or a subscription is needed. */
export type ForcedDestination = '/auth/login' | '/users/subscription/plans';

let navigationHandler: ((destination: ForcedDestination) => void) | null = null;

/** Lets the router perform the client's forced navigations (set once at start). */
export function setForcedNavigationHandler(
  handler: (destination: ForcedDestination) => void,
): void {
  navigationHandler = handler;
}

/** Without the router, a full page load does it; the login page learns where we were. */
function navigateByLocation(destination: ForcedDestination): void {
  const here = `${window.location.pathname}${window.location.search}`;
  const target =
    destination === '/auth/login' && !here.startsWith('/auth/login')
      ? `/auth/login?${new URLSearchParams({ from: here }).toString()}`
      : destination;
  window.location.assign(target);
}

export function forceNavigation(destination: ForcedDestination): void {
  (navigationHandler ?? navigateByLocation)(destination);
}
