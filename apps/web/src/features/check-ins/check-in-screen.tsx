import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import {
  PHOTO_POSE_LABELS,
  PHOTO_POSES,
  validateAnswers,
  type CheckIn,
  type CheckInAnswers,
  type CheckInQuestion,
  type PhotoPose,
} from '@forja/shared/schemas/check-ins';
import {
  CheckInAnswersList,
  CheckInFiguresList,
  CheckInPhotos,
} from '#components/check-ins/check-in-summary';
import { formatDay, formatWeek } from '#components/check-ins/check-in-format';
import { PhotoComparison } from '#components/check-ins/photo-comparison';
import { PrivatePhoto } from '#components/check-ins/private-photo';
import { Card } from '#components/ui/card';
import { FieldError } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { fieldControl, focusRing, smallSecondaryButton } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { draftKey, useDraft } from '#lib/drafts';
import { parseDecimal } from '#lib/numbers';
import {
  currentCheckInKey,
  currentCheckInQuery,
  deletePhoto,
  ownCheckInsKey,
  ownCheckInsQuery,
  sendCheckIn,
  uploadPhoto,
} from './check-ins-api';

type Drafts = Record<string, string>;

function draftsOf(questions: readonly CheckInQuestion[], answers: CheckInAnswers): Drafts {
  return Object.fromEntries(
    questions.map((question) => {
      const value = answers[question.key];
      return [question.key, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/**
 * The answers as one text, in the form's order, to keep them as a single draft: the whole
 * check-in is one draft (not one per box), so a week's check-in takes one of the drafts kept.
 */
function draftText(questions: readonly CheckInQuestion[], drafts: Drafts): string {
  return JSON.stringify(
    Object.fromEntries(questions.map((question) => [question.key, drafts[question.key] ?? ''])),
  );
}

/** A kept draft's answers, only those of the form's questions. */
function draftsFromText(questions: readonly CheckInQuestion[], text: string): Drafts | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const kept = parsed as Record<string, unknown>;
    return Object.fromEntries(
      questions.map((question) => {
        const value = kept[question.key];
        return [question.key, typeof value === 'string' ? value : ''];
      }),
    );
  } catch {
    return null;
  }
}

/** What the fields hold, as the answers the server expects (numbers as numbers). */
function answersOf(questions: readonly CheckInQuestion[], drafts: Drafts): CheckInAnswers {
  const answers: CheckInAnswers = {};
  for (const question of questions) {
    const text = (drafts[question.key] ?? '').trim();
    answers[question.key] =
      text === ''
        ? null
        : question.kind === 'scale'
          ? Number(text)
          : question.kind === 'number'
            ? (parseDecimal(text) ?? Number.NaN)
            : text;
  }
  return answers;
}

const choiceButton = `flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 font-semibold has-checked:border-orange-700 has-checked:bg-orange-700 has-checked:text-white dark:has-checked:bg-orange-500 dark:has-checked:text-neutral-950 border-neutral-300 dark:border-neutral-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-orange-700`;

function QuestionField({
  question,
  value,
  onChange,
}: {
  question: CheckInQuestion;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const label = `${question.label}${question.required ? '' : ' (opcional)'}`;
  if (question.kind === 'scale' || question.kind === 'choice') {
    const options =
      question.kind === 'scale'
        ? Array.from({ length: 10 }, (_, index) => String(index + 1))
        : (question.choices ?? []);
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{label}</legend>
        {question.kind === 'scale' && (
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            1 es muy poco, 10 es muchísimo
          </p>
        )}
        <div
          className={question.kind === 'scale' ? 'grid grid-cols-5 gap-2' : 'flex flex-wrap gap-2'}
        >
          {options.map((option) => (
            <label key={option} className={`${choiceButton} cursor-pointer`}>
              <input
                type="radio"
                name={id}
                value={option}
                checked={value === option}
                onChange={() => {
                  onChange(option);
                }}
                className="sr-only"
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        {label}
        {question.kind === 'number' && question.unit ? ` (${question.unit})` : ''}
      </label>
      {question.kind === 'text' ? (
        <textarea
          id={id}
          rows={3}
          className={fieldControl}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      ) : (
        <input
          id={id}
          inputMode="decimal"
          className={`${fieldControl} max-w-40`}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
    </div>
  );
}

function PhotoSlot({ checkIn, pose }: { checkIn: CheckIn; pose: PhotoPose }) {
  const queryClient = useQueryClient();
  const id = useId();
  const photo = checkIn.photos.find((candidate) => candidate.pose === pose);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: currentCheckInKey }),
      queryClient.invalidateQueries({ queryKey: ownCheckInsKey }),
    ]);
  const upload = useMutation({
    mutationFn: (file: File) => uploadPhoto(checkIn.id, pose, file),
    onSuccess: async () => {
      await refresh();
      notify.success('Foto guardada');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos guardar la foto'));
    },
  });
  const remove = useMutation({
    mutationFn: (photoId: string) => deletePhoto(photoId),
    onSuccess: refresh,
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos quitar la foto'));
    },
  });
  const label = PHOTO_POSE_LABELS[pose];
  return (
    <li className="flex flex-col gap-2">
      <span className="font-medium">{label}</span>
      {photo ? (
        <PrivatePhoto
          photoId={photo.id}
          width={photo.width}
          height={photo.height}
          alt={`Tu foto ${label.toLowerCase()}`}
        />
      ) : (
        <div className="flex aspect-[3/4] items-center justify-center rounded-lg border border-dashed border-neutral-400 text-sm text-neutral-700 dark:text-neutral-300">
          Sin foto
        </div>
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
        className="peer sr-only"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <label
        htmlFor={id}
        className={`${smallSecondaryButton} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-orange-700`}
      >
        {upload.isPending ? 'Subiendo…' : photo ? `Cambiar` : `Añadir`}
        <span className="sr-only"> foto {label.toLowerCase()}</span>
      </label>
      {photo && (
        <Button
          size="small"
          disabled={remove.isPending}
          onClick={() => {
            remove.mutate(photo.id);
          }}
        >
          {remove.isPending ? 'Quitando…' : 'Quitar'}
          <span className="sr-only"> foto {label.toLowerCase()}</span>
        </Button>
      )}
    </li>
  );
}

/**
 * The trainee's weekly check-in: the week's figures, the form, photos, and what came back.
 * Unsent answers are kept as a draft under `userId`, the trainee.
 */
export function CheckInScreen({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { data: current } = useSuspenseQuery(currentCheckInQuery);
  const { data: history } = useSuspenseQuery(ownCheckInsQuery);
  const sent = current?.check_in ?? null;
  const [drafts, setDrafts] = useState<Drafts>(() =>
    current ? draftsOf(current.form.questions, sent?.answers ?? {}) : {},
  );
  const formQuestions = current?.form.questions;
  const restore = useCallback(
    (text: string) => {
      const kept = formQuestions ? draftsFromText(formQuestions, text) : null;
      if (kept) setDrafts(kept);
    },
    [formQuestions],
  );
  // The week's answers are kept in this browser until sent; not once the trainer has replied.
  const draft = useDraft({
    key:
      current && sent?.status !== 'answered' ? draftKey(userId, `check-in:${current.week}`) : null,
    value: formQuestions ? draftText(formQuestions, drafts) : '',
    saved: formQuestions
      ? draftText(formQuestions, draftsOf(formQuestions, sent?.answers ?? {}))
      : '',
    restore,
  });
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const consentId = useId();
  const save = useMutation({
    mutationFn: (answers: CheckInAnswers) => sendCheckIn(current?.week ?? '', answers),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentCheckInKey }),
        queryClient.invalidateQueries({ queryKey: ownCheckInsKey }),
      ]);
      notify.success(sent ? 'Revisión actualizada' : 'Revisión enviada a tu entrenador');
    },
    onError: (error) => {
      setProblem(errorMessage(error, 'No pudimos enviar tu revisión'));
    },
  });

  if (!current) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">Revisión semanal</h1>
        <Card title="Aún no hay revisiones">
          <p>
            Las revisiones semanales llegan cuando tienes entrenador y compartes con él las
            revisiones. Puedes cambiar lo que compartes en Ajustes.
          </p>
        </Card>
      </div>
    );
  }

  const answered = sent?.status === 'answered';
  const questions = current.form.questions;
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const answers = answersOf(questions, drafts);
    const checked = validateAnswers(questions, answers);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    if (!consent) {
      setProblem('Marca el consentimiento para enviar la revisión');
      return;
    }
    setProblem(undefined);
    save.mutate(checked.answers, {
      onSuccess: (checkIn) => {
        // The fields now hold what was sent, as sent: nothing is left to keep as a draft.
        setDrafts(draftsOf(questions, checkIn.answers));
        draft.clear();
      },
    });
  };
  const allPhotos = history.flatMap((checkIn) => checkIn.photos);
  const earlier = history.filter((checkIn) => checkIn.id !== sent?.id);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Revisión semanal</h1>
        <p className="text-neutral-700 dark:text-neutral-300">
          {formatWeek(current.week)} ·{' '}
          {answered
            ? 'Tu entrenador ya la ha respondido'
            : sent
              ? 'Enviada: puedes cambiarla hasta que tu entrenador responda'
              : `Para el ${formatDay(current.due_date)}`}
        </p>
      </div>

      {sent?.reply && (
        <Card title="Respuesta de tu entrenador">
          <p className="whitespace-pre-wrap">{sent.reply.body}</p>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {sent.reply.trainer.first_name} {sent.reply.trainer.last_name}
          </p>
        </Card>
      )}

      <Card title="Tus cifras de la semana">
        <CheckInFiguresList figures={sent?.figures ?? current.figures} />
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          Las calcula Forja con lo que registras; van con la revisión.
        </p>
      </Card>

      {sent?.status === 'answered' ? (
        <Card title="Tus respuestas">
          <CheckInAnswersList checkIn={sent} />
          <CheckInPhotos checkIn={sent} />
        </Card>
      ) : (
        <Card title="Cuéntale a tu entrenador">
          <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
            {questions.map((question) => (
              <QuestionField
                key={question.key}
                question={question}
                value={drafts[question.key] ?? ''}
                onChange={(value) => {
                  setDrafts((previous) => ({ ...previous, [question.key]: value }));
                }}
              />
            ))}
            <div className="flex items-start gap-3">
              <input
                id={consentId}
                type="checkbox"
                checked={consent}
                onChange={(event) => {
                  setConsent(event.target.checked);
                }}
                className={`mt-1 size-6 shrink-0 accent-orange-700 ${focusRing}`}
              />
              <label htmlFor={consentId}>
                Doy mi consentimiento explícito para que Forja trate los datos de salud de esta
                revisión y sus fotos y los comparta con mi entrenador. Puedo retirarlo en Ajustes ›
                Privacidad, y entonces se borran.
              </label>
            </div>
            <FieldError message={problem} />
            <Button variant="primary" type="submit" disabled={save.isPending}>
              {save.isPending ? 'Enviando…' : sent ? 'Guardar cambios' : 'Enviar revisión'}
            </Button>
            {draft.kept ? (
              <span role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
                Borrador guardado
              </span>
            ) : null}
          </form>
        </Card>
      )}

      {sent && !answered && (
        <Card title="Fotos de progreso (opcional)">
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            Solo las ves tú y tu entrenador. Quitamos los datos de la cámara, como la ubicación.
          </p>
          <ul className="grid grid-cols-3 gap-2">
            {PHOTO_POSES.map((pose) => (
              <PhotoSlot key={pose} checkIn={sent} pose={pose} />
            ))}
          </ul>
        </Card>
      )}

      <Card title="Comparar fotos">
        <PhotoComparison photos={allPhotos} />
      </Card>

      {earlier.length > 0 && (
        <Card title="Revisiones anteriores">
          <ul className="flex flex-col gap-3">
            {earlier.map((checkIn) => (
              <li key={checkIn.id}>
                <details className="rounded-lg border border-neutral-200 dark:border-neutral-800">
                  <summary
                    className={`flex min-h-11 cursor-pointer items-center px-3 font-medium ${focusRing}`}
                  >
                    {formatWeek(checkIn.week)} ·{' '}
                    {checkIn.status === 'answered' ? 'Respondida' : 'Pendiente'}
                  </summary>
                  <div className="flex flex-col gap-3 p-3">
                    {checkIn.reply && (
                      <p className="whitespace-pre-wrap">
                        <strong>Tu entrenador:</strong> {checkIn.reply.body}
                      </p>
                    )}
                    <CheckInFiguresList figures={checkIn.figures} />
                    <CheckInAnswersList checkIn={checkIn} />
                    <CheckInPhotos checkIn={checkIn} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
