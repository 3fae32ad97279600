import { formatNumber } from '#lib/numbers';
import { ProgressBar } from './progress-bar';

/** The macros as home and the diary name them, in one order. */
export const NUTRIENTS = [
  { key: 'protein_g', label: 'Proteínas', warnAbove: false },
  { key: 'carbohydrate_g', label: 'Carbohidratos', warnAbove: true },
  { key: 'fat_g', label: 'Grasas', warnAbove: true },
  { key: 'fibre_g', label: 'Fibra', warnAbove: false },
] as const;

export type NutrientKey = (typeof NUTRIENTS)[number]['key'];

interface NutrientBarProps {
  label: string;
  value: number;
  target: number;
  unit: string;
  warnAbove: boolean;
}

/**
 * A nutrient against its target: the name, "40 de 160 g", the bar, and in words what is
 * past a limit ("12 g por encima") or a goal met.
 */
export function NutrientBar({ label, value, target, unit, warnAbove }: NutrientBarProps) {
  const text = `${formatNumber(value)} de ${formatNumber(target)} ${unit}`;
  const over = target > 0 && value > target;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap justify-between gap-x-2">
        <span className="font-medium">{label}</span>
        <span>
          {text}
          {over && warnAbove ? (
            <strong className="ml-1 font-semibold text-amber-800 dark:text-amber-300">
              · {formatNumber(value - target)} {unit} por encima
            </strong>
          ) : null}
          {!warnAbove && target > 0 && value >= target ? (
            <span className="ml-1 text-green-800 dark:text-green-300">· objetivo cumplido</span>
          ) : null}
        </span>
      </div>
      <ProgressBar
        label={label}
        value={value}
        max={target}
        valueText={text}
        warnAbove={warnAbove}
      />
    </div>
  );
}

/** The four macros of a day against their targets: the same bars on home and in the diary. */
export function NutrientBars({
  values,
  targets,
}: {
  values: Record<NutrientKey, number>;
  targets: Record<NutrientKey, number>;
}) {
  return (
    <div className="flex flex-col gap-3">
      {NUTRIENTS.map(({ key, label, warnAbove }) => (
        <NutrientBar
          key={key}
          label={label}
          value={values[key]}
          target={targets[key]}
          unit="g"
          warnAbove={warnAbove}
        />
      ))}
    </div>
  );
}
