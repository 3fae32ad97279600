import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError } from '../../lib/chunk-reload';
import { RouteErrorView } from './route-error-view';
import { secondaryButton } from './styles';

/**
 * A screen's error view for when its data could not be read: the screen's own Spanish
 * message and a retry that runs the route's loader again. A screen whose code failed to
 * load goes to the router's default view, which reloads the page.
 */
export function loadErrorView(message: string) {
  return function LoadErrorView(props: ErrorComponentProps) {
    const router = useRouter();
    if (isChunkLoadError(props.error)) return <RouteErrorView {...props} />;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{message}</p>
        <button
          type="button"
          onClick={() => {
            props.reset();
            void router.invalidate();
          }}
          className={secondaryButton}
        >
          Reintentar
        </button>
      </div>
    );
  };
}
