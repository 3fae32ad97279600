import { vi } from 'vitest';
import { followSystemColorScheme } from '#lib/color-scheme';

/*
 * Stand-ins for what jsdom lacks of the browser. The test setup takes them away after each
 * test (`vi.unstubAllGlobals`).
 */

/** A light system colour scheme: jsdom has no media queries. */
export function lightSystemScheme(): void {
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/**
 * The page follows a light system colour scheme, as main.tsx does, so a dark page can only
 * come from the person's preference. Answers how to stop following it.
 */
export function followLightSystemScheme(): () => void {
  lightSystemScheme();
  return followSystemColorScheme();
}
