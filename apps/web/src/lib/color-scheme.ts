import { useEffect } from 'react';

export type Theme = 'light' | 'dark' | 'system';

let chosenTheme: Theme = 'system';
let applyCurrent: () => void = () => undefined;

/**
 * Keeps the `dark` class on <html> in step with the chosen theme, following the system
 * colour scheme while the choice is 'system'. Returns the unsubscribe.
 */
export function followSystemColorScheme(root: HTMLElement = document.documentElement): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    root.classList.toggle(
      'dark',
      chosenTheme === 'dark' || (chosenTheme === 'system' && query.matches),
    );
  };
  applyCurrent = apply;
  apply();
  query.addEventListener('change', apply);
  return () => {
    query.removeEventListener('change', apply);
    applyCurrent = () => undefined;
  };
}

export function setTheme(theme: Theme): void {
  chosenTheme = theme;
  applyCurrent();
}

/** Applies the user's theme while the calling screen is shown; back to the system's after. */
export function useTheme(theme: Theme): void {
  useEffect(() => {
    setTheme(theme);
    return () => {
      setTheme('system');
    };
  }, [theme]);
}
