/**
 * What a change made without signal says until the API has it: words, not only a colour
 * (decision 077). On one line: where a row is narrow, the row gives it a line of its own
 * (`className` places it).
 */
export function PendingMark({ className = '' }: { className?: string }) {
  return (
    <span
      className={`flex items-center gap-1 whitespace-nowrap text-sm text-amber-800 dark:text-amber-300 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <circle cx="8" cy="8" r="6.25" />
        <path d="M8 4.5V8l2.5 1.5" strokeLinecap="round" />
      </svg>
      Pendiente de enviar
    </span>
  );
}
