/** Class lists shared by the building blocks, so every control looks and focuses alike. */

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 dark:focus-visible:outline-orange-400';

const primaryLook = `inline-flex items-center justify-center gap-2 rounded-lg bg-orange-700 font-semibold text-white hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-orange-500 dark:text-neutral-950 dark:hover:bg-orange-400 ${focusRing}`;

export const primaryButton = `${primaryLook} px-5 py-3`;

const secondaryLook = `inline-flex items-center justify-center gap-2 rounded-lg border border-neutral-300 font-semibold hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-neutral-600 dark:hover:bg-neutral-800 ${focusRing}`;

export const secondaryButton = `${secondaryLook} px-5 py-3`;

// Beside a field or at the end of a row: as tall as `fieldControl` (46 px), never under
// 44 × 44 px. A padding added after px-5 does not shrink it (the stylesheet orders px-5
// after px-3), hence its own class list.
const smallPadding = 'min-h-11 min-w-11 px-3 py-2.5';

export const smallSecondaryButton = `${secondaryLook} ${smallPadding}`;

export const smallPrimaryButton = `${primaryLook} ${smallPadding}`;

/** For what cannot be undone (revoking, unlinking, deleting), after a confirmation. */
export const dangerButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-red-400 dark:text-neutral-950 dark:hover:bg-red-300 ${focusRing}`;

/** A text-only action in the flow of a card: "Comentarios", "Cancelar" beside a form. */
export const quietButton = `min-h-11 rounded-lg px-3 font-medium text-orange-800 hover:bg-orange-50 disabled:cursor-not-allowed disabled:opacity-60 dark:text-orange-300 dark:hover:bg-neutral-800 ${focusRing}`;

export const textLink = `font-medium text-orange-800 underline underline-offset-2 hover:text-orange-900 dark:text-orange-300 dark:hover:text-orange-200 ${focusRing}`;

/** A button that reads as a link: "¿Otra forma?", "Ver otros planes". */
export const linkButton = `${textLink} min-h-11`;

export const fieldControl = `min-h-11 w-full rounded-lg border border-neutral-400 bg-white px-3 py-2.5 text-base text-neutral-900 aria-invalid:border-red-700 dark:border-neutral-500 dark:bg-neutral-900 dark:text-neutral-100 dark:aria-invalid:border-red-400 ${focusRing}`;
