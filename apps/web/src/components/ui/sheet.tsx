import { useEffect, useId, useRef, type ReactNode } from 'react';
import { HostedNotices, useNoticeHost } from './notifications';
import { Button } from './button';

interface SheetProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Full height for what takes a while (a food search); otherwise as tall as its content. */
  full?: boolean;
  /** What closes it, read out: "Cerrar" unless it says more ("Listo"). */
  closeLabel?: string;
  children: ReactNode;
}

/**
 * A bottom sheet on phones and a centred panel on wide screens: a modal <dialog>, so the
 * browser keeps focus inside, makes the page behind inert and closes it with Escape.
 * Named by its title; a tap on the backdrop closes it too.
 */
export function Sheet({ title, open, onClose, full = false, closeLabel, children }: SheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { notices, dismiss } = useNoticeHost(open);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the screen decides, so its state and the dialog never disagree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`mx-auto mt-auto mb-0 w-full max-w-lg overflow-hidden rounded-t-2xl bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-950/50 md:my-auto md:rounded-2xl dark:bg-neutral-900 dark:text-neutral-100 ${full ? 'h-[calc(100dvh-2rem)] max-h-[calc(100dvh-2rem)] md:h-[min(48rem,90dvh)]' : 'max-h-[90dvh]'}`}
    >
      {open ? (
        <div className="flex h-full max-h-[inherit] flex-col">
          <div className="flex items-center justify-between gap-2 border-b border-neutral-200 py-1 pr-1 pl-4 dark:border-neutral-800">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            <Button
              variant="plain"
              onClick={onClose}
              className="rounded-lg px-3 font-semibold text-orange-800 hover:bg-neutral-100 dark:text-orange-300 dark:hover:bg-neutral-800"
            >
              {closeLabel ?? 'Cerrar'}
            </Button>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {children}
          </div>
          <HostedNotices notices={notices} dismiss={dismiss} />
        </div>
      ) : null}
    </dialog>
  );
}
