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
 * False until what the component first drew has been painted and shown, then true for good
 * (the render that follows is a transition). What a screen shows below its first view waits
 * for it, and so does the code only that part needs: React's deferred render, which it
 * waited for before, usually ran before that paint (decision 086).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    // A frame's callbacks run right before it is painted, and the next frame's once it has
    // been shown: the main thread is done painting before the screen shows it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        startTransition(() => {
          setPainted(true);
        });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [painted]);
  return painted;
}
