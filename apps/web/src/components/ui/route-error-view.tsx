import { useEffect, useId, useState } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { awaitsReload, reloadOnceForChunkError } from '#lib/chunk-reload';
import { LoadingScreen } from './loading-screen';
import { Button } from './button';

/** The router's default error view; a screen whose code failed to load reloads instead. */
export function RouteErrorView({ error }: ErrorComponentProps) {
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();

  useEffect(() => {
    reloadOnceForChunkError(error);
  }, [error]);

  if (awaitsReload(error)) return <LoadingScreen />;

  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-start gap-3 px-6 py-12 text-left"
    >
      <p className="text-lg font-semibold">Something went wrong!</p>
      <Button
        variant="plain"
        aria-expanded={showDetails}
        aria-controls={detailsId}
        onClick={() => {
          setShowDetails((shown) => !shown);
        }}
        className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm font-medium hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 dark:border-neutral-600 dark:hover:bg-neutral-800 dark:focus-visible:outline-orange-400"
      >
        {showDetails ? 'Hide Error' : 'Show Error'}
      </Button>
      <pre
        id={detailsId}
        hidden={!showDetails}
        className="w-full overflow-auto rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      >
        <code>{error instanceof Error ? error.message : String(error)}</code>
      </pre>
    </div>
  );
}
