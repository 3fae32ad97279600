import { focusRing } from './styles';

/** The classes of a shell's top bar: it stays at the top, over the content it scrolls. */
export const shellHeader =
  'sticky top-0 z-30 border-b border-neutral-200 bg-white/95 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/95';

/** The first link of a shell, seen only when focused: it jumps past the navigation. */
export function SkipLink() {
  return (
    <a
      href="#contenido"
      className={`sr-only rounded-md bg-white px-4 py-2 font-semibold text-neutral-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 ${focusRing}`}
    >
      Saltar al contenido
    </a>
  );
}
