import { useId, useState } from 'react';
import {
  PHOTO_POSE_LABELS,
  PHOTO_POSES,
  type PhotoPose,
  type ProgressPhoto,
} from '@forja/shared/schemas/check-ins';
import { formatWeek } from './check-in-format';
import { PhotoImage } from './private-photo';
import { fieldControl, focusRing } from '#components/ui/styles';

interface PhotoComparisonProps {
  /** Every photo of the person, of any week and pose. */
  photos: readonly ProgressPhoto[];
}

/**
 * Two weeks' photos of one pose, one over the other: a slider uncovers the later one from
 * the left. The slider is a plain range input, so keys and screen readers move it too.
 */
export function PhotoComparison({ photos }: PhotoComparisonProps) {
  const poses = PHOTO_POSES.filter((pose) => photos.some((photo) => photo.pose === pose));
  const [pose, setPose] = useState<PhotoPose>(poses[0] ?? 'front');
  const ofPose = photos
    .filter((photo) => photo.pose === pose)
    .sort((a, b) => a.week.localeCompare(b.week));
  const weeks = ofPose.map((photo) => photo.week);
  const [before, setBefore] = useState<string | null>(null);
  const [after, setAfter] = useState<string | null>(null);
  const beforeWeek = before !== null && weeks.includes(before) ? before : (weeks[0] ?? null);
  const afterWeek = after !== null && weeks.includes(after) ? after : (weeks.at(-1) ?? null);
  const [split, setSplit] = useState(50);
  const ids = { pose: useId(), before: useId(), after: useId(), slider: useId() };
  const first = ofPose.find((photo) => photo.week === beforeWeek) ?? null;
  const second = ofPose.find((photo) => photo.week === afterWeek) ?? null;

  if (poses.length === 0 || weeks.length < 2) {
    return (
      <p className="text-neutral-700 dark:text-neutral-300">
        Con fotos de dos semanas distintas podrás compararlas aquí.
      </p>
    );
  }

  const select = (
    id: string,
    label: string,
    value: string | null,
    onChange: (week: string) => void,
  ) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        className={`${fieldControl} min-h-11`}
        value={value ?? ''}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {weeks.map((week) => (
          <option key={week} value={week}>
            {formatWeek(week)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.pose} className="font-medium">
            Postura
          </label>
          <select
            id={ids.pose}
            className={`${fieldControl} min-h-11`}
            value={pose}
            onChange={(event) => {
              setPose(event.target.value as PhotoPose);
            }}
          >
            {poses.map((option) => (
              <option key={option} value={option}>
                {PHOTO_POSE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        {select(ids.before, 'Antes', beforeWeek, setBefore)}
        {select(ids.after, 'Después', afterWeek, setAfter)}
      </div>
      {first && second && (
        <div
          className="relative mx-auto w-full max-w-md overflow-hidden rounded-lg bg-neutral-100 dark:bg-neutral-800"
          style={{ aspectRatio: `${first.width} / ${first.height}` }}
        >
          <PhotoImage
            photoId={first.id}
            alt={`${PHOTO_POSE_LABELS[pose]}, ${formatWeek(first.week)}`}
            className="absolute inset-0 h-full w-full object-cover"
          />
          <PhotoImage
            photoId={second.id}
            alt={`${PHOTO_POSE_LABELS[pose]}, ${formatWeek(second.week)}`}
            className="absolute inset-0 h-full w-full object-cover"
            style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
          />
          <div
            aria-hidden="true"
            className="absolute inset-y-0 w-0.5 bg-white shadow"
            style={{ left: `${split}%` }}
          />
        </div>
      )}
      <label htmlFor={ids.slider} className="font-medium">
        Desliza para comparar
      </label>
      <input
        id={ids.slider}
        type="range"
        min={0}
        max={100}
        value={split}
        aria-valuetext={`${split} % de ${afterWeek ? formatWeek(afterWeek) : ''}`}
        onChange={(event) => {
          setSplit(Number(event.target.value));
        }}
        className={`h-11 w-full accent-orange-700 ${focusRing}`}
      />
    </div>
  );
}
