import { useCallback, useId, useState, type ComponentProps } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { MAX_NOTE_LENGTH, MAX_NOTES_PER_TRAINEE } from '@forja/shared/constants';
import { noteInputSchema, type Note } from '@forja/shared/schemas/trainer-notes';
import { Card } from '#components/ui/card';
import { FieldError } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { RowActions } from '#components/ui/row-actions';
import { Button } from '#components/ui/button';
import { fieldControl } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { draftKey, useDraft } from '#lib/drafts';
import {
  createNote,
  deleteNote,
  traineeNotesKey,
  traineeNotesQuery,
  updateNote,
} from './trainer-client-notes-api';

const muted = 'text-sm text-neutral-700 dark:text-neutral-300';
const when = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

/** A change of the notes: the list is read again once the server has it. */
function useNotesChange<V, R>(
  traineeId: string,
  change: (variables: V) => Promise<R>,
  failed: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traineeNotesKey(traineeId) }),
    onError: (error) => {
      notify.error(errorMessage(error, failed));
    },
  });
}

/**
 * Notas, in a trainee's file: what the trainer keeps about the person for themselves. Only
 * they read it; the trainee never does, and it goes when the link ends. What the trainer
 * is writing is kept as a draft under `trainerId` until saved.
 */
export function TrainerClientNotesScreen({
  trainerId,
  traineeId,
}: {
  trainerId: string;
  traineeId: string;
}) {
  const { data: notes } = useSuspenseQuery(traineeNotesQuery(traineeId));
  const [editing, setEditing] = useState<string | null>(null);
  // A note is the trainer's own words, kept nowhere else: deleting one asks first.
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useNotesChange(
    traineeId,
    (noteId: string) => deleteNote(traineeId, noteId),
    'No pudimos borrar la nota. Inténtalo de nuevo.',
  );
  return (
    <div className="flex flex-col gap-4">
      <p className={muted}>Solo tú ves estas notas. Tu cliente no las ve nunca.</p>
      <NoteForm
        trainerId={trainerId}
        traineeId={traineeId}
        full={notes.length >= MAX_NOTES_PER_TRAINEE}
      />
      <Card
        title="Tus notas"
        actions={
          <span
            className={muted}
          >{`${String(notes.length)} de ${String(MAX_NOTES_PER_TRAINEE)}`}</span>
        }
      >
        {notes.length === 0 ? (
          <p className="text-neutral-700 dark:text-neutral-300">Aún no has escrito ninguna nota.</p>
        ) : (
          <ul className="flex flex-col">
            {notes.map((note) => (
              <li
                key={note.id}
                className="flex flex-col gap-1 border-t border-neutral-200 py-3 first:border-t-0 dark:border-neutral-800"
              >
                {editing === note.id ? (
                  <EditNote
                    trainerId={trainerId}
                    traineeId={traineeId}
                    note={note}
                    onDone={() => {
                      setEditing(null);
                    }}
                  />
                ) : (
                  <>
                    <p className="whitespace-pre-wrap break-words">{note.body}</p>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className={muted}>
                        <time dateTime={note.created_at.toISOString()}>
                          {when.format(note.created_at)}
                        </time>
                        {note.updated_at.getTime() !== note.created_at.getTime()
                          ? ` · editada el ${when.format(note.updated_at)}`
                          : ''}
                      </p>
                      {confirming === note.id ? (
                        <div
                          role="group"
                          aria-label="Confirmar el borrado"
                          className="flex flex-wrap items-center gap-2"
                        >
                          <span className="font-medium">¿Borrar esta nota?</span>
                          <RowActions
                            actions={[
                              {
                                text: 'Sí, borrar',
                                label: `Sí, borrar la nota del ${when.format(note.created_at)}`,
                                disabled: remove.isPending,
                                onClick: () => {
                                  remove.mutate(note.id, {
                                    onSettled: () => {
                                      setConfirming(null);
                                    },
                                  });
                                },
                              },
                              {
                                text: 'Cancelar',
                                onClick: () => {
                                  setConfirming(null);
                                },
                              },
                            ]}
                          />
                        </div>
                      ) : (
                        <RowActions
                          actions={[
                            {
                              text: 'Editar',
                              label: `Editar la nota del ${when.format(note.created_at)}`,
                              onClick: () => {
                                setEditing(note.id);
                              },
                            },
                            {
                              text: 'Borrar',
                              label: `Borrar la nota del ${when.format(note.created_at)}`,
                              onClick: () => {
                                setConfirming(note.id);
                              },
                            },
                          ]}
                        />
                      )}
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function NoteBox({
  label,
  error,
  ...input
}: { label: string; error: string | undefined } & ComponentProps<'textarea'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={MAX_NOTE_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldControl}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Says, beside the box's buttons, that what is typed is kept in this browser. */
function DraftKept({ kept }: { kept: boolean }) {
  return kept ? (
    <span role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
      Borrador guardado
    </span>
  ) : null;
}

/** A note's box as a form whose unsaved text is kept as a draft under `key`. */
function useNoteForm(key: string, body: string) {
  const form = useForm({ resolver: zodResolver(noteInputSchema), defaultValues: { body } });
  const { setValue, control } = form;
  const restore = useCallback(
    (text: string) => {
      setValue('body', text, { shouldDirty: true });
    },
    [setValue],
  );
  const draft = useDraft({
    key,
    value: useWatch({ control, name: 'body' }),
    saved: body,
    restore,
  });
  return { ...form, draft };
}

function NoteForm({
  trainerId,
  traineeId,
  full,
}: {
  trainerId: string;
  traineeId: string;
  full: boolean;
}) {
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    draft,
    formState: { errors },
  } = useNoteForm(draftKey(trainerId, `trainee-note:${traineeId}:new`), '');
  const create = useNotesChange(
    traineeId,
    (body: string) => createNote(traineeId, body),
    'No pudimos guardar la nota. Inténtalo de nuevo.',
  );
  return (
    <Card title="Nueva nota">
      <form
        aria-label="Nueva nota"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) =>
          void handleSubmit(({ body }) => {
            // The box empties as the note is sent, so what is typed meanwhile is the next
            // note's (and its draft, kept as any other); a note the API did not take goes back
            // in front of it.
            reset({ body: '' });
            create.mutate(body, {
              onError: () => {
                const typed = getValues('body');
                setValue('body', typed === '' ? body : `${body}\n${typed}`, { shouldDirty: true });
              },
            });
          })(event)
        }
      >
        <NoteBox label="Nota" error={errors.body?.message} {...register('body')} />
        {full ? (
          <p className={muted}>
            {`Has llegado a ${String(MAX_NOTES_PER_TRAINEE)} notas: borra alguna para escribir otra.`}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="primary" type="submit" disabled={create.isPending || full}>
            {create.isPending ? 'Guardando...' : 'Guardar nota'}
          </Button>
          <DraftKept kept={draft.kept} />
        </div>
      </form>
    </Card>
  );
}

function EditNote({
  trainerId,
  traineeId,
  note,
  onDone,
}: {
  trainerId: string;
  traineeId: string;
  note: Note;
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    draft,
    formState: { errors },
  } = useNoteForm(draftKey(trainerId, `trainee-note:${traineeId}:${note.id}`), note.body);
  // Saved or given up (Cancelar): what was typed is no longer kept.
  const done = () => {
    draft.clear();
    onDone();
  };
  const update = useNotesChange(
    traineeId,
    (body: string) => updateNote(traineeId, note.id, body),
    'No pudimos guardar la nota. Inténtalo de nuevo.',
  );
  return (
    <form
      aria-label="Editar nota"
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) =>
        void handleSubmit(({ body }) => {
          update.mutate(body, { onSuccess: done });
        })(event)
      }
    >
      <NoteBox label="Nota" error={errors.body?.message} {...register('body')} />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" type="submit" disabled={update.isPending}>
          {update.isPending ? 'Guardando...' : 'Guardar cambios'}
        </Button>
        <Button onClick={done}>Cancelar</Button>
        <DraftKept kept={draft.kept} />
      </div>
    </form>
  );
}
