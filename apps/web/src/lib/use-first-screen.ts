import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { afterFirstScreen } from './first-screen';

const ready = new WeakSet<object>();

/** False until the first screen has been drawn and the browser was idle, then true for good. */
export function useAfterFirstScreen(): boolean {
  const router = useRouter();
  const [started, setStarted] = useState(() => ready.has(router));
  useEffect(() => {
    if (started) return;
    let current = true;
    void afterFirstScreen(router).then(() => {
      ready.add(router);
      if (current) setStarted(true);
    });
    return () => {
      current = false;
    };
  }, [started, router]);
  return started;
}
