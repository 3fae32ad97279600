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
