import type { ComponentProps } from 'react';
import {
  dangerButton,
  focusRing,
  linkButton,
  primaryButton,
  quietButton,
  secondaryButton,
  smallPrimaryButton,
  smallSecondaryButton,
} from './styles';

type Variant = 'primary' | 'secondary' | 'danger' | 'quiet' | 'link' | 'plain';
type Size = 'regular' | 'small';

// Only primary and secondary come in two sizes: the props below refuse `small` for others.
// `plain` has no look of its own, only the size and the focus ring every control has.
const plainButton = `min-h-11 min-w-11 ${focusRing}`;

const looks: Record<Variant, Record<Size, string>> = {
  primary: { regular: primaryButton, small: smallPrimaryButton },
  secondary: { regular: secondaryButton, small: smallSecondaryButton },
  danger: { regular: dangerButton, small: dangerButton },
  quiet: { regular: quietButton, small: quietButton },
  link: { regular: linkButton, small: linkButton },
  plain: { regular: plainButton, small: plainButton },
};

type ButtonProps = ComponentProps<'button'> &
  (
    | {
        /** The screen's main action (one per form), or one of its other actions. */
        variant?: Extract<Variant, 'primary' | 'secondary'>;
        /** `small`: beside a field or at the end of a row, as tall as a field. */
        size?: Size;
      }
    | {
        /**
         * `danger` confirms what cannot be undone; `quiet` is text in the flow of a card;
         * `link` reads as a link; `plain` is drawn by `className` (a row, a chip, an icon).
         */
        variant: Exclude<Variant, 'primary' | 'secondary'>;
        size?: 'regular';
      }
  );

/**
 * The app's button: at least 44 px high, `type="button"` unless told otherwise (a form's
 * `submit`), the focus ring of every control. A pending action is shown as today: `disabled`
 * and its words ("Guardando..."), so a screen reader hears what happens.
 */
export function Button({
  variant = 'secondary',
  size = 'regular',
  type = 'button',
  className,
  ...button
}: ButtonProps) {
  return (
    <button type={type} className={`${looks[variant][size]} ${className ?? ''}`} {...button} />
  );
}
