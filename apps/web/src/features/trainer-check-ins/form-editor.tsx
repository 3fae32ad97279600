import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { MAX_CHECK_IN_CHOICES, MAX_CHECK_IN_QUESTIONS } from '@forja/shared/constants';
import {
  CHECK_IN_QUESTION_KIND_LABELS,
  CHECK_IN_QUESTION_KINDS,
  checkInFormSchema,
  type CheckInForm,
  type CheckInQuestionKind,
} from '@forja/shared/schemas/check-ins';
import { WEEKDAY_LABELS, WEEKDAYS } from '@forja/shared/training-plan';
import { FieldError, SelectField, TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { fieldControl, focusRing } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { parseDecimal } from '#lib/numbers';
import { checkInFormsKey, saveForm, type FormTarget } from './trainer-check-ins-api';

interface DraftQuestion {
  key: string;
  kind: CheckInQuestionKind;
  label: string;
  required: boolean;
  /** One option a line. */
  choices: string;
  min: string;
  max: string;
  unit: string;
}

function draftOf(form: CheckInForm): DraftQuestion[] {
  return form.questions.map((question) => ({
    key: question.key,
    kind: question.kind,
    label: question.label,
    required: question.required,
    choices: (question.choices ?? []).join('\n'),
    min: question.min === undefined ? '' : String(question.min),
    max: question.max === undefined ? '' : String(question.max),
    unit: question.unit ?? '',
  }));
}

function newKey(taken: readonly DraftQuestion[]): string {
  for (let n = taken.length + 1; ; n++) {
    const key = `p${n}`;
    if (!taken.some((question) => question.key === key)) return key;
  }
}

function formOf(weekday: number, questions: readonly DraftQuestion[]) {
  return {
    weekday,
    questions: questions.map((question) => {
      const base = {
        key: question.key,
        kind: question.kind,
        label: question.label,
        required: question.required,
      };
      if (question.kind === 'choice') {
        return {
          ...base,
          choices: question.choices
            .split('\n')
            .map((choice) => choice.trim())
            .filter((choice) => choice !== ''),
        };
      }
      if (question.kind === 'number') {
        const min =
          question.min.trim() === '' ? undefined : (parseDecimal(question.min) ?? Number.NaN);
        const max =
          question.max.trim() === '' ? undefined : (parseDecimal(question.max) ?? Number.NaN);
        return {
          ...base,
          ...(min === undefined ? {} : { min }),
          ...(max === undefined ? {} : { max }),
          ...(question.unit.trim() === '' ? {} : { unit: question.unit.trim() }),
        };
      }
      return base;
    }),
  };
}

/** A question's field a message belongs under. */
type QuestionField = 'label' | 'choices' | 'min' | 'max' | 'unit' | 'kind';
const questionFields: readonly string[] = ['label', 'choices', 'min', 'max', 'unit', 'kind'];

/** The first message for each field of each question (by its key), and the form's own. */
interface Problems {
  form?: string;
  questions: Record<string, Partial<Record<QuestionField, string>>>;
}

function problemsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  questions: readonly DraftQuestion[],
): Problems {
  const problems: Problems = { questions: {} };
  for (const issue of issues) {
    const [root, index, field] = issue.path;
    const question = typeof index === 'number' ? questions[index] : undefined;
    if (root === 'questions' && question) {
      const at = (problems.questions[question.key] ??= {});
      const where: QuestionField =
        typeof field === 'string' && questionFields.includes(field)
          ? (field as QuestionField)
          : 'label';
      at[where] ??= issue.message;
    } else {
      problems.form ??= issue.message;
    }
  }
  return problems;
}

/** Why a button is greyed out: a limit on the number of questions. */
const limitNote = 'text-sm text-neutral-700 dark:text-neutral-300';

interface FormEditorProps {
  target: FormTarget;
  form: CheckInForm;
  /** What the form is for, in the save button's words ("Guardar formulario del grupo"). */
  saveLabel: string;
  onSaved?: () => void;
}

/** Edits a check-in form: its day and up to 20 questions of four kinds. */
export function FormEditor({ target, form, saveLabel, onSaved }: FormEditorProps) {
  const queryClient = useQueryClient();
  const [weekday, setWeekday] = useState(form.weekday);
  const [questions, setQuestions] = useState(() => draftOf(form));
  const [problems, setProblems] = useState<Problems>({ questions: {} });
  const save = useMutation({
    mutationFn: (input: CheckInForm) => saveForm(target, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: checkInFormsKey });
      notify.success('Formulario guardado');
      onSaved?.();
    },
    onError: (error) => {
      setProblems({ questions: {}, form: errorMessage(error, 'No pudimos guardar el formulario') });
    },
  });
  const change = (index: number, fields: Partial<DraftQuestion>) => {
    // What was wrong with a question is judged again at the next save.
    const key = questions[index]?.key;
    if (key !== undefined && problems.questions[key]) {
      setProblems((previous) => {
        const rest = Object.fromEntries(
          Object.entries(previous.questions).filter(([question]) => question !== key),
        );
        return { ...previous, questions: rest };
      });
    }
    setQuestions((previous) =>
      previous.map((question, at) => (at === index ? { ...question, ...fields } : question)),
    );
  };
  const move = (index: number, by: number) => {
    setQuestions((previous) => {
      const next = [...previous];
      const [question] = next.splice(index, 1);
      if (question) next.splice(index + by, 0, question);
      return next;
    });
  };
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const parsed = checkInFormSchema.safeParse(formOf(weekday, questions));
    if (!parsed.success) {
      const found = problemsOf(parsed.error.issues, questions);
      setProblems({
        ...found,
        form:
          found.form ??
          (Object.keys(found.questions).length > 0
            ? 'Revisa las preguntas: cada aviso está bajo su campo'
            : undefined),
      });
      return;
    }
    setProblems({ questions: {} });
    save.mutate(parsed.data);
  };
  const headingId = useId();
  const onlyOneId = useId();
  const fullId = useId();
  const onlyOne = questions.length === 1;
  const full = questions.length >= MAX_CHECK_IN_QUESTIONS;

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="sr-only">
        Editar formulario
      </h3>
      <SelectField
        label="Día de la revisión"
        value={weekday}
        className="min-h-11"
        onChange={(event) => {
          setWeekday(Number(event.target.value));
        }}
      >
        {WEEKDAYS.map((day) => (
          <option key={day} value={day}>
            {WEEKDAY_LABELS[day]}
          </option>
        ))}
      </SelectField>
      <ol className="flex flex-col gap-4">
        {questions.map((question, index) => {
          const wrong = problems.questions[question.key] ?? {};
          return (
            <li
              key={question.key}
              className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
            >
              <TextField
                label={`Pregunta ${index + 1}`}
                value={question.label}
                error={wrong.label}
                maxLength={200}
                onChange={(event) => {
                  change(index, { label: event.target.value });
                }}
              />
              <SelectField
                label="Tipo de respuesta"
                value={question.kind}
                error={wrong.kind}
                className="min-h-11"
                onChange={(event) => {
                  change(index, { kind: event.target.value as CheckInQuestionKind });
                }}
              >
                {CHECK_IN_QUESTION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {CHECK_IN_QUESTION_KIND_LABELS[kind]}
                  </option>
                ))}
              </SelectField>
              {question.kind === 'choice' && (
                <ChoicesField
                  value={question.choices}
                  error={wrong.choices}
                  onChange={(choices) => {
                    change(index, { choices });
                  }}
                />
              )}
              {question.kind === 'number' && (
                <div className="grid grid-cols-3 gap-2">
                  <TextField
                    label="Mínimo"
                    inputMode="decimal"
                    value={question.min}
                    error={wrong.min}
                    onChange={(event) => {
                      change(index, { min: event.target.value });
                    }}
                  />
                  <TextField
                    label="Máximo"
                    inputMode="decimal"
                    value={question.max}
                    error={wrong.max}
                    onChange={(event) => {
                      change(index, { max: event.target.value });
                    }}
                  />
                  <TextField
                    label="Unidad"
                    value={question.unit}
                    error={wrong.unit}
                    maxLength={10}
                    onChange={(event) => {
                      change(index, { unit: event.target.value });
                    }}
                  />
                </div>
              )}
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  checked={question.required}
                  onChange={(event) => {
                    change(index, { required: event.target.checked });
                  }}
                  className={`size-6 accent-orange-700 ${focusRing}`}
                />
                Obligatoria
              </label>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="small"
                  disabled={index === 0}
                  onClick={() => {
                    move(index, -1);
                  }}
                >
                  Subir<span className="sr-only"> pregunta {index + 1}</span>
                </Button>
                <Button
                  size="small"
                  disabled={index === questions.length - 1}
                  onClick={() => {
                    move(index, 1);
                  }}
                >
                  Bajar<span className="sr-only"> pregunta {index + 1}</span>
                </Button>
                <Button
                  size="small"
                  disabled={onlyOne}
                  aria-describedby={onlyOne ? onlyOneId : undefined}
                  onClick={() => {
                    setQuestions((previous) => previous.filter((_, at) => at !== index));
                  }}
                >
                  Quitar<span className="sr-only"> pregunta {index + 1}</span>
                </Button>
              </div>
              {onlyOne ? (
                <p id={onlyOneId} className={limitNote}>
                  El formulario necesita al menos una pregunta: añade otra para quitar esta.
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {full ? (
        <p id={fullId} className={limitNote}>
          {`Has llegado al máximo de ${String(MAX_CHECK_IN_QUESTIONS)} preguntas: quita alguna para añadir otra.`}
        </p>
      ) : null}
      <Button
        disabled={full}
        aria-describedby={full ? fullId : undefined}
        onClick={() => {
          setQuestions((previous) => [
            ...previous,
            {
              key: newKey(previous),
              kind: 'scale',
              label: '',
              required: false,
              choices: '',
              min: '',
              max: '',
              unit: '',
            },
          ]);
        }}
      >
        Añadir pregunta
      </Button>
      <FieldError message={problems.form} />
      <Button variant="primary" type="submit" disabled={save.isPending}>
        {save.isPending ? 'Guardando…' : saveLabel}
      </Button>
    </form>
  );
}

function ChoicesField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        Opciones (una por línea, de 2 a {MAX_CHECK_IN_CHOICES})
      </label>
      <textarea
        id={id}
        rows={4}
        className={fieldControl}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
