import { useState, type ReactNode } from 'react';
import { Sheet } from '#components/ui/sheet';
import { LineIcon } from '#components/ui/nav-icons';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';

interface QuickAddProps {
  /** Opens the food search for the day shown (today outside the diary). */
  onFood: () => void;
  /** The day's water and its one-tap amounts, composed by the route. */
  water: ReactNode;
  /** Today's session or the set logger. */
  onSet: () => void;
  /** The weigh-in. */
  onWeight: () => void;
  /** The day's note. */
  onNote: () => void;
  /** Above a screen's own bar at the bottom (Mensajes' box), so it covers none of it. */
  lifted?: boolean;
}

/** Line icons of the rows; decorative, the row's words name it. */
const icons = {
  food: 'M7 3v8M5 3v4a2 2 0 0 0 4 0V3M7 11v10M17 3c-2 0-3 2-3 5s1 4 3 4v9',
  water: 'M12 3s-6 7-6 11a6 6 0 0 0 12 0c0-4-6-11-6-11z',
  set: 'M6 7v10M3 10v4M18 7v10M21 10v4M6 12h12',
  weight:
    'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM8 10a4 4 0 0 1 8 0M12 10l1.5-2',
  note: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
} as const;

const rowClass = `flex min-h-14 w-full items-center gap-3 rounded-xl px-3 py-2 text-left hover:bg-neutral-100 dark:hover:bg-neutral-800 ${focusRing}`;

/**
 * The "+" on every trainee screen: a sheet with what can be logged (Alimento, Agua, Serie,
 * Peso, Nota). Water is logged in the sheet itself; the others open where they are logged.
 */
export function QuickAdd({
  onFood,
  water,
  onSet,
  onWeight,
  onNote,
  lifted = false,
}: QuickAddProps) {
  const [open, setOpen] = useState(false);
  const [showWater, setShowWater] = useState(false);
  const close = () => {
    setOpen(false);
    setShowWater(false);
  };
  const then = (action: () => void) => () => {
    close();
    action();
  };
  const rows = [
    {
      label: 'Alimento',
      hint: 'Buscar, recientes o copiar',
      icon: icons.food,
      action: then(onFood),
    },
    {
      label: 'Agua',
      hint: 'Un vaso, una botella u otra cantidad',
      icon: icons.water,
      action: () => {
        setShowWater(true);
      },
    },
    { label: 'Serie', hint: 'La sesión de hoy', icon: icons.set, action: then(onSet) },
    { label: 'Peso', hint: 'Anotar tu peso', icon: icons.weight, action: then(onWeight) },
    { label: 'Nota', hint: 'La nota del día', icon: icons.note, action: then(onNote) },
  ];

  return (
    <>
      <Button
        variant="plain"
        aria-haspopup="dialog"
        aria-label="Anotar"
        onClick={() => {
          setOpen(true);
        }}
        className={`fixed right-4 z-30 flex ${lifted ? 'bottom-[calc(10rem+env(safe-area-inset-bottom))] md:bottom-28' : 'bottom-[calc(4.75rem+env(safe-area-inset-bottom))] md:bottom-8'} size-14 items-center justify-center rounded-full bg-orange-700 text-4xl leading-none font-light text-white shadow-lg hover:bg-orange-800 dark:bg-orange-500 dark:text-neutral-950 dark:hover:bg-orange-400`}
      >
        <span aria-hidden="true" className="-mt-1">
          +
        </span>
      </Button>
      <Sheet title={showWater ? 'Agua' : 'Anotar'} open={open} onClose={close}>
        {showWater ? (
          water
        ) : (
          <ul className="flex flex-col gap-1">
            {rows.map((row) => (
              <li key={row.label}>
                <Button variant="plain" onClick={row.action} className={rowClass}>
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-orange-50 text-orange-800 dark:bg-orange-950 dark:text-orange-300"
                  >
                    <LineIcon d={row.icon} size={22} />
                  </span>
                  <span className="flex flex-col">
                    <span className="font-semibold">{row.label}</span>
                    <span className="text-sm text-neutral-700 dark:text-neutral-300">
                      {row.hint}
                    </span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Sheet>
    </>
  );
}
