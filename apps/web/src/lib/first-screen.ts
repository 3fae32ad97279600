import type { AnyRouter } from '@tanstack/react-router';

/*
 * What no screen needs in order to show itself (the live event stream, the header's unread
 * counts, the service worker) starts once the first screen has been drawn and the browser
 * is idle. Started with the screen, on a slow phone those reads and files share the six
 * connections of HTTP/1.1 and the bandwidth with the screen's own, and hold its first paint
 * back (decision 082).
 */

const drawn = new WeakMap<AnyRouter, Promise<void>>();

/** Resolves once `router` has drawn a screen and the browser is idle since. */
export function afterFirstScreen(router: AnyRouter): Promise<void> {
  let first = drawn.get(router);
  if (!first) {
    first = new Promise((resolve) => {
      const idle = () => {
        if ('requestIdleCallback' in window) {
          requestIdleCallback(
            () => {
              resolve();
            },
            { timeout: 2e3 },
          );
        } else setTimeout(resolve);
      };
      if (router.state.resolvedLocation && router.state.status === 'idle') idle();
      else {
        const stop = router.subscribe('onRendered', () => {
          stop();
          idle();
        });
      }
    });
    drawn.set(router, first);
  }
  return first;
}
