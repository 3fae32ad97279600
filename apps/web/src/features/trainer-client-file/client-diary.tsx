import { useSuspenseQuery } from '@tanstack/react-query';
import { addDays } from '@forja/shared/calendar';
import type { Comment } from '@forja/shared/schemas/comments';
import { MEAL_LABELS, type DailyTargets } from '@forja/shared/schemas/diary';
import type { Nutrients } from '@forja/shared/schemas/foods';
import type { MetricSystem } from '@forja/shared/units';
import { CommentThread } from '#components/comments/comment-thread';
import { Card } from '#components/ui/card';
import { Button } from '#components/ui/button';
import {
  formatAmount,
  formatDay,
  formatWater,
  MEAL_SUBJECTS,
  sessionSubject,
} from '#lib/diary-format';
import { formatNumber } from '#lib/numbers';
import { NotShared } from './client-file-frame';
import { commentDraftKey } from './comment-draft';
import { SessionExercises } from './session-card';
import { traineeCommentsQuery, traineeDayQuery, traineeFileQuery } from './trainer-client-file-api';
import { useSendComment } from './use-send-comment';

interface ClientDiaryProps {
  /** Who is reading: a comment not yet sent is kept as a draft under them. */
  trainerId: string;
  traineeId: string;
  /** The day shown; the trainee's today when the address names none. */
  date: string | undefined;
  system: MetricSystem;
  onDateChange: (date: string) => void;
}

/** Diario: one day of the trainee's diary, read-only, with the comments of the day. */
export function ClientDiary({
  trainerId,
  traineeId,
  date,
  system,
  onDateChange,
}: ClientDiaryProps) {
  const { data: file } = useSuspenseQuery(traineeFileQuery(traineeId));
  if (!file.shares.diary) return <NotShared file={file} what="su diario" />;
  const day = date ?? file.today;
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Día" className="flex flex-wrap items-center gap-2">
        <Button
          size="small"
          onClick={() => {
            onDateChange(addDays(day, -1));
          }}
          className="flex-1 sm:flex-none"
        >
          <span aria-hidden="true">←</span> Día anterior
        </Button>
        <Button
          size="small"
          disabled={day >= file.today}
          onClick={() => {
            onDateChange(addDays(day, 1));
          }}
          className="flex-1 sm:flex-none"
        >
          Día siguiente <span aria-hidden="true">→</span>
        </Button>
      </nav>
      <h2 className="text-xl font-bold first-letter:uppercase">
        {day === file.today ? 'Hoy, ' : ''}
        {formatDay(day)}
      </h2>
      <DiaryDay
        key={day}
        trainerId={trainerId}
        traineeId={traineeId}
        date={day}
        system={system}
        showsTraining={file.shares.training}
        firstName={file.first_name}
      />
    </div>
  );
}

function DiaryDay({
  trainerId,
  traineeId,
  date,
  system,
  showsTraining,
  firstName,
}: {
  trainerId: string;
  traineeId: string;
  date: string;
  system: MetricSystem;
  showsTraining: boolean;
  firstName: string;
}) {
  const { data: day } = useSuspenseQuery(traineeDayQuery(traineeId, date));
  const { data: comments } = useSuspenseQuery(traineeCommentsQuery(traineeId, date));
  const send = useSendComment(traineeId, date);
  const thread = (only: (comment: Comment) => boolean) => comments.filter(only);
  const draft = (place: string) => commentDraftKey(trainerId, traineeId, date, place);

  return (
    <>
      <Totals totals={day.totals} targets={day.targets} />
      <Card title="Comentarios del día">
        <CommentThread
          subject="el día"
          viewer="trainer"
          comments={thread((comment) => comment.target === 'day')}
          onSend={(body) => send.mutateAsync({ target: 'day', body })}
          draft={draft('day')}
        />
      </Card>
      {day.meals.map((meal) => (
        <Card
          key={meal.meal}
          title={MEAL_LABELS[meal.meal]}
          actions={<p className="font-semibold">{formatNumber(meal.totals.kcal)} kcal</p>}
        >
          {meal.entries.length === 0 ? (
            <p className="text-neutral-700 dark:text-neutral-300">Nada registrado.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
              {meal.entries.map((entry) => (
                <li key={entry.id} className="flex items-baseline justify-between gap-3 py-2">
                  <span className="flex min-w-0 flex-col">
                    <span className="font-medium">{entry.name}</span>
                    <span className="text-sm text-neutral-600 dark:text-neutral-400">
                      {formatAmount(entry, system)}
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold">{formatNumber(entry.kcal)} kcal</span>
                </li>
              ))}
            </ul>
          )}
          <CommentThread
            subject={MEAL_SUBJECTS[meal.meal]}
            viewer="trainer"
            comments={thread((comment) => comment.target === 'meal' && comment.meal === meal.meal)}
            onSend={(body) => send.mutateAsync({ target: 'meal', meal: meal.meal, body })}
            draft={draft(`meal:${meal.meal}`)}
          />
        </Card>
      ))}
      <Card title="Agua">
        <p className="text-lg font-semibold">
          {formatWater(day.water_ml, system)}
          {day.targets?.water_ml ? (
            <span className="font-medium"> de {formatWater(day.targets.water_ml, system)}</span>
          ) : null}
        </p>
      </Card>
      <Card title="Notas del día">
        <p className="whitespace-pre-wrap text-neutral-800 dark:text-neutral-200">
          {day.notes.trim() === '' ? 'Sin notas.' : day.notes}
        </p>
      </Card>
      {showsTraining ? (
        <Card title="Entrenamiento">
          {day.workouts.length === 0 ? (
            <p className="text-neutral-700 dark:text-neutral-300">Ninguna sesión este día.</p>
          ) : (
            day.workouts.map((workout) => (
              <Card key={workout.id} headingLevel={3} title={workout.name.trim() || 'Sesión'}>
                <SessionExercises workout={workout} system={system} />
                <CommentThread
                  subject={sessionSubject(workout.name)}
                  viewer="trainer"
                  comments={thread(
                    (comment) => comment.target === 'workout' && comment.workout_id === workout.id,
                  )}
                  onSend={(body) =>
                    send.mutateAsync({ target: 'workout', workout_id: workout.id, body })
                  }
                  draft={draft(`workout:${workout.id}`)}
                />
              </Card>
            ))
          )}
        </Card>
      ) : (
        <p className="text-neutral-700 dark:text-neutral-300">{`${firstName} no comparte su entrenamiento contigo.`}</p>
      )}
    </>
  );
}

const macros = [
  ['protein_g', 'Proteínas'],
  ['carbohydrate_g', 'Carbohidratos'],
  ['fat_g', 'Grasas'],
  ['fibre_g', 'Fibra'],
] as const;

/** The day's energy and macros against the trainee's targets. */
function Totals({ totals, targets }: { totals: Nutrients; targets: DailyTargets | null }) {
  return (
    <section
      aria-label="Totales del día"
      className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <p>
        <span className="text-3xl font-extrabold">{formatNumber(totals.kcal)}</span>{' '}
        {targets ? `de ${formatNumber(targets.kcal)} kcal` : 'kcal (sin objetivo)'}
      </p>
      {targets ? (
        <progress
          className="mt-2 h-2 w-full accent-orange-700"
          max={targets.kcal}
          value={Math.min(totals.kcal, targets.kcal)}
          aria-label="Energía del día"
        />
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {macros.map(([key, label]) => (
          <div key={key}>
            <dt className="text-sm text-neutral-700 dark:text-neutral-300">{label}</dt>
            <dd className="font-semibold">
              {formatNumber(totals[key])} g{targets ? ` / ${formatNumber(targets[key])} g` : ''}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
