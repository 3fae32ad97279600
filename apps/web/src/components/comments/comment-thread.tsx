import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MAX_COMMENT_LENGTH } from '@forja/shared/constants';
import { commentBodySchema, type Comment } from '@forja/shared/schemas/comments';
import { useDraft } from '#lib/drafts';
import { FieldError } from '#components/ui/form-field';
import { fieldControl } from '#components/ui/styles';
import { Button } from '#components/ui/button';

const when = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

const formSchema = z.object({ body: commentBodySchema });

interface CommentThreadProps {
  /** What the thread is about, naming it for screen readers: "el desayuno", "el día". */
  subject: string;
  /** The thread, oldest first, as the API lists it. */
  comments: readonly Comment[];
  /** Who is reading: their own comments read "Tú". */
  viewer: 'trainer' | 'trainee';
  /** Sends a comment; the box empties and closes once it resolves, and stays on a failure. */
  onSend: (body: string) => Promise<unknown>;
  /**
   * Where what is being written is kept as a draft until sent (a `draftKey`): after a reload
   * the box opens again with it. Without it nothing is kept.
   */
  draft?: string | undefined;
}

/**
 * A thread of comments between a trainee and their trainer on one thing (a day, a meal, a
 * session), with a box to write the next one. Presentational: the caller reads and sends.
 */
export function CommentThread({
  subject,
  comments,
  viewer,
  onSend,
  draft: draftAt,
}: CommentThreadProps) {
  const [writing, setWriting] = useState(false);
  const boxId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { body: '' } });
  const restore = useCallback(
    (text: string) => {
      setValue('body', text, { shouldDirty: true });
      setWriting(true);
    },
    [setValue],
  );
  const draft = useDraft({
    key: draftAt ?? null,
    value: useWatch({ control, name: 'body' }),
    saved: '',
    restore,
  });
  const replying = comments.length > 0;

  return (
    <section aria-label={`Comentarios sobre ${subject}`} className="flex flex-col gap-2">
      {comments.length > 0 ? (
        <ol className="flex flex-col gap-2">
          {comments.map((comment) => {
            const mine = comment.by === viewer;
            return (
              <li
                key={comment.id}
                className={`flex flex-col gap-0.5 rounded-lg px-3 py-2 ${
                  comment.by === 'trainer'
                    ? 'bg-orange-50 dark:bg-orange-950/40'
                    : 'bg-neutral-100 dark:bg-neutral-800'
                }`}
              >
                <p className="text-sm text-neutral-700 dark:text-neutral-300">
                  <span className="font-semibold">
                    {mine ? 'Tú' : `${comment.author.first_name} ${comment.author.last_name}`}
                  </span>
                  {' · '}
                  <time dateTime={comment.created_at.toISOString()}>
                    {when.format(comment.created_at)}
                  </time>
                </p>
                <p className="break-words whitespace-pre-wrap">{comment.body}</p>
              </li>
            );
          })}
        </ol>
      ) : null}
      {writing ? (
        <form
          noValidate
          aria-label={`Comentario sobre ${subject}`}
          className="flex flex-col gap-2"
          onSubmit={(event) =>
            void handleSubmit(async ({ body }) => {
              try {
                await onSend(body);
              } catch {
                return; // The caller says why; the text stays to try again.
              }
              reset({ body: '' });
              draft.clear();
              setWriting(false);
            })(event)
          }
        >
          <label htmlFor={boxId} className="font-medium">
            {replying ? 'Tu respuesta' : 'Tu comentario'}
          </label>
          <textarea
            id={boxId}
            rows={3}
            maxLength={MAX_COMMENT_LENGTH}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${boxId}-error` : undefined}
            className={fieldControl}
            {...register('body')}
          />
          <FieldError id={`${boxId}-error`} message={errors.body?.message} />
          <div className="flex gap-2">
            <Button
              variant="primary"
              type="submit"
              disabled={isSubmitting}
              className="flex-1 px-4 py-2 sm:flex-none"
            >
              {isSubmitting ? 'Enviando...' : 'Enviar'}
            </Button>
            <Button
              size="small"
              onClick={() => {
                reset({ body: '' });
                draft.clear();
                setWriting(false);
              }}
              className="flex-1 sm:flex-none"
            >
              Cancelar
            </Button>
          </div>
          {draft.kept ? (
            <span role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
              Borrador guardado
            </span>
          ) : null}
        </form>
      ) : (
        <Button
          variant="quiet"
          aria-label={replying ? `Responder sobre ${subject}` : `Comentar ${subject}`}
          onClick={() => {
            setWriting(true);
          }}
          className="self-start"
        >
          {replying ? 'Responder' : 'Comentar'}
        </Button>
      )}
    </section>
  );
}
