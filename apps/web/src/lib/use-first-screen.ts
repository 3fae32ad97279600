import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import { afterFirstScreen } from './first-screen';

const ready = new WeakSet<object>();

/**
 * False until the first screen has been drawn and the browser was idle, then true for good.
 * The render that follows the change is a transition: React draws what it starts (the bell,
 * the unread counts) in slices that leave the page free to answer a tap, instead of one long
 * task (decision 082).
 */
export function useAfterFirstScreen(): boolean {
  const router = useRouter();
  const [started, setStarted] = useState(() => ready.has(router));
  useEffect(() => {
    if (started) return;
    let current = true;
    void afterFirstScreen(router).then(() => {
      ready.add(router);
      if (current) {
        startTransition(() => {
          setStarted(true);
        });
      }
    });
    return () => {
      current = false;
    };
  }, [started, router]);
  return started;
}

/**
 * How many of a list's `total` parts to draw: `first` at once, then one more each time what
 * is drawn has been painted and shown, until all are; from then on all of them, however many
 * they become. Each step waits for a frame (`requestAnimationFrame` runs right before that
 * frame is painted) and then for the next one, and renders in a transition, which the
 * browser can interrupt. What a screen shows below its first view is then drawn, styled and
 * laid out in several short tasks instead of one long one that a tap would wait behind, and
 * the first paint waits for none of it (decisions 086 and 088).
 */
export function useInTurn(total: number, first = 1): number {
  // Infinity once all have been drawn.
  const [shown, setShown] = useState(() => (first >= total ? Number.POSITIVE_INFINITY : first));
  useEffect(() => {
    if (shown === Number.POSITIVE_INFINITY) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        startTransition(() => {
          setShown(shown + 1 >= total ? Number.POSITIVE_INFINITY : shown + 1);
        });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [shown, total]);
  return Math.min(shown, total);
}
