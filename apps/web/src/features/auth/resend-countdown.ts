import { useEffect, useState } from 'react';
import { VERIFICATION_RESEND_INTERVAL_SECONDS } from '@forja/shared/constants';
import { ApiError } from '#lib/api-error';

/** "0:42", "1:00": minutes and seconds, as a countdown shows them. */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The seconds to wait before a new code can be asked for after `error`: what the server's
 * refusal said, or the whole interval when it did not say. Null for any other error.
 */
export function waitAfterRefusal(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return error.retryAfter ?? VERIFICATION_RESEND_INTERVAL_SECONDS;
}

/**
 * A countdown to the moment a new code may be asked for. `start(seconds)` begins it; it
 * ticks every second and reports 0 once it is over.
 */
export function useResendCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        setUntil(null);
        clearInterval(timer);
      }
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [until]);

  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return {
    secondsLeft,
    start(seconds: number) {
      const current = Date.now();
      setNow(current);
      setUntil(current + seconds * 1000);
    },
  };
}
