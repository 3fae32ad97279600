import {
  PHOTO_POSE_LABELS,
  type CheckIn,
  type CheckInFigures,
  type CheckInQuestion,
  type CheckInAnswers,
} from '@forja/shared/schemas/check-ins';
import { formatNumber } from '#lib/numbers';
import { formatDay } from './check-in-format';
import { PrivatePhoto } from './private-photo';

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${formatNumber(value, 2)}`;
}

/** The week's figures as the server filled them in; an area not shared says so. */
export function CheckInFiguresList({ figures }: { figures: CheckInFigures }) {
  const rows: [string, string][] = [];
  const { weight, energy, sessions, water } = figures;
  rows.push([
    'Peso (tendencia)',
    weight === null
      ? 'No compartido'
      : weight.trend_kg === null
        ? 'Sin pesajes'
        : `${formatNumber(weight.trend_kg, 1)} kg${
            weight.weekly_rate_kg === null ? '' : ` (${signed(weight.weekly_rate_kg)} kg/semana)`
          }`,
  ]);
  rows.push([
    'Adherencia a la energía',
    energy === null
      ? 'No compartido'
      : energy.percent === null
        ? `${energy.days_logged} días registrados`
        : `${energy.percent} % (${energy.days_within} de ${energy.days_logged} días en objetivo)`,
  ]);
  rows.push([
    'Entrenamientos',
    sessions === null
      ? 'No compartido'
      : `${sessions.done}${sessions.planned === null ? '' : ` de ${sessions.planned}`} hechos`,
  ]);
  rows.push([
    'Agua (media)',
    water === null
      ? 'No compartido'
      : water.average_ml === null
        ? 'Sin registros'
        : `${formatNumber(water.average_ml / 1000, 2)} L en ${water.days} días`,
  ]);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        Del {formatDay(figures.from)} al {formatDay(figures.to)}
      </p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-neutral-50 p-3 dark:bg-neutral-900">
            <dt className="text-sm text-neutral-700 dark:text-neutral-300">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function answerText(question: CheckInQuestion, answers: CheckInAnswers): string {
  const value = answers[question.key];
  if (value === null || value === undefined || value === '') return 'Sin respuesta';
  if (question.kind === 'scale') return `${String(value)} de 10`;
  if (question.kind === 'number') {
    return `${typeof value === 'number' ? formatNumber(value, 2) : value}${question.unit ? ` ${question.unit}` : ''}`;
  }
  return String(value);
}

/** The answers, question by question, as the trainee gave them. */
export function CheckInAnswersList({ checkIn }: { checkIn: CheckIn }) {
  return (
    <dl className="flex flex-col gap-3">
      {checkIn.questions.map((question) => (
        <div key={question.key}>
          <dt className="text-sm text-neutral-700 dark:text-neutral-300">{question.label}</dt>
          <dd className="font-medium whitespace-pre-wrap">
            {answerText(question, checkIn.answers)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The check-in's photos, side by side. */
export function CheckInPhotos({ checkIn }: { checkIn: CheckIn }) {
  if (checkIn.photos.length === 0) return null;
  return (
    <ul className="grid grid-cols-3 gap-2">
      {checkIn.photos.map((photo) => (
        <li key={photo.id} className="flex flex-col gap-1">
          <PrivatePhoto
            photoId={photo.id}
            width={photo.width}
            height={photo.height}
            alt={`Foto ${PHOTO_POSE_LABELS[photo.pose].toLowerCase()}`}
          />
          <span className="text-center text-sm">{PHOTO_POSE_LABELS[photo.pose]}</span>
        </li>
      ))}
    </ul>
  );
}
