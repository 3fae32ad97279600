import { useId, type ReactNode } from 'react';

/** The frame of a card, also for a lone message or a form standing in a card's place. */
export const cardFrame = 'rounded-xl border border-neutral-200 p-4 dark:border-neutral-800';

interface CardProps {
  title: ReactNode;
  /** The heading's level in the page's outline: h2 for a screen's cards, h3 inside one. */
  headingLevel?: 2 | 3;
  /** Shown on the heading's line, at its end: a total, or buttons acting on the whole card. */
  actions?: ReactNode;
  /** The body's layout; cards stack their content with a small gap. */
  className?: string;
  children: ReactNode;
}

/** A titled, framed block of a screen: a region named by its heading. */
export function Card({ title, headingLevel = 2, actions, className, children }: CardProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading
      id={headingId}
      className={headingLevel === 2 ? 'text-xl font-bold' : 'text-lg font-semibold'}
    >
      {title}
    </Heading>
  );
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 ${cardFrame} ${className ?? ''}`}
    >
      {actions ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
