import { useCallback, useEffect, useState } from 'react';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';

/** The rest between sets unless the person changes it (decision 059). */
export const DEFAULT_REST_SECONDS = 90;
/** What −15 s and +15 s change. */
export const REST_STEP_SECONDS = 15;
const SHORTEST_REST = 15;
const LONGEST_REST = 600;

interface Rest {
  /** When the rest ends, in ms since the epoch; null when no rest is running. */
  endsAt: number | null;
  /** The length the next rest starts with, kept through the session. */
  seconds: number;
  /** "Descanso terminado" once a rest has run out, until the next one starts. */
  finished: boolean;
}

/** Where the tab keeps the rest, so that it goes on while the person looks at another screen. */
const STORAGE_KEY = 'forja:rest';

/** The rest kept by the tab, if any and well formed; a rest already over is not running. */
function storedRest(): Rest {
  const fresh: Rest = { endsAt: null, seconds: DEFAULT_REST_SECONDS, finished: false };
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return fresh;
    const { endsAt, seconds } = kept as Record<string, unknown>;
    if (typeof seconds !== 'number' || seconds < SHORTEST_REST || seconds > LONGEST_REST) {
      return fresh;
    }
    const running = typeof endsAt === 'number' && endsAt > Date.now();
    return { endsAt: running ? endsAt : null, seconds, finished: false };
  } catch {
    // Storage refused (private browsing) or garbled: a rest starts as it always did.
    return fresh;
  }
}

/**
 * A rest timer: started by each confirmed set, never in the way of logging the next one. The
 * tab keeps it (sessionStorage), so leaving the session for another screen and coming back
 * finds the rest still counting, or over.
 */
export function useRestTimer() {
  const [rest, setRest] = useState<Rest>(storedRest);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    try {
      sessionStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ endsAt: rest.endsAt, seconds: rest.seconds }),
      );
    } catch {
      // Without storage the rest lasts as long as the screen, as before.
    }
  }, [rest.endsAt, rest.seconds]);

  const { endsAt } = rest;
  useEffect(() => {
    if (endsAt === null) return;
    const tick = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) {
        // Once: the interval stops here, before React gets to clear it.
        clearInterval(tick);
        setRest((current) => ({ ...current, endsAt: null, finished: true }));
        if ('vibrate' in navigator) navigator.vibrate([200, 100, 200]);
      }
    }, 250);
    return () => {
      clearInterval(tick);
    };
  }, [endsAt]);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));

  /** Starts a rest of the length chosen so far, or of `prescribed` seconds (a program's). */
  const start = useCallback((prescribed?: number) => {
    const at = Date.now();
    setNow(at);
    setRest((current) => {
      const seconds =
        prescribed === undefined
          ? current.seconds
          : Math.min(LONGEST_REST, Math.max(SHORTEST_REST, prescribed));
      return { ...current, seconds, endsAt: at + seconds * 1000, finished: false };
    });
  }, []);
  const adjust = useCallback((by: number) => {
    setRest((current) => {
      const seconds = Math.min(LONGEST_REST, Math.max(SHORTEST_REST, current.seconds + by));
      const endsAt =
        current.endsAt === null
          ? null
          : Math.max(Date.now(), current.endsAt + (seconds - current.seconds) * 1000);
      return { ...current, seconds, endsAt };
    });
  }, []);
  const skip = useCallback(() => {
    setRest((current) => ({ ...current, endsAt: null, finished: false }));
  }, []);
  return {
    running: rest.endsAt !== null,
    finished: rest.finished,
    remaining,
    seconds: rest.seconds,
    start,
    adjust,
    skip,
  };
}

export type RestTimer = ReturnType<typeof useRestTimer>;

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes)}:${String(seconds % 60).padStart(2, '0')}`;
}

const smallButton = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-current px-2 text-sm font-semibold whitespace-nowrap hover:opacity-80 ${focusRing}`;

/**
 * The running rest, stuck to the bottom of the screen while the session scrolls. The time
 * is not announced as it ticks; its end is, once, in the live region that is always there.
 */
export function RestTimerBar({ timer }: { timer: RestTimer }) {
  return (
    <>
      <p aria-live="assertive" className="sr-only">
        {timer.finished ? 'Descanso terminado' : ''}
      </p>
      {timer.running ? (
        <div
          role="group"
          aria-label="Descanso"
          className="sticky bottom-2 z-10 flex items-center justify-between gap-2 rounded-lg bg-neutral-900 p-2 text-white shadow-lg dark:bg-neutral-100 dark:text-neutral-950"
        >
          <p className="flex flex-col pl-1 leading-tight">
            <span className="text-sm">Descanso </span>
            <span role="timer" aria-live="off" className="text-xl font-semibold tabular-nums">
              {clock(timer.remaining)}
            </span>
          </p>
          <div className="flex shrink-0 gap-1">
            <Button
              variant="plain"
              aria-label={`Restar ${String(REST_STEP_SECONDS)} segundos`}
              className={smallButton}
              onClick={() => {
                timer.adjust(-REST_STEP_SECONDS);
              }}
            >
              −15 s
            </Button>
            <Button
              variant="plain"
              aria-label={`Sumar ${String(REST_STEP_SECONDS)} segundos`}
              className={smallButton}
              onClick={() => {
                timer.adjust(REST_STEP_SECONDS);
              }}
            >
              +15 s
            </Button>
            <Button variant="plain" className={smallButton} onClick={timer.skip}>
              Saltar
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
