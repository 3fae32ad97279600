import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DEFAULT_CHECK_IN_FORM } from '@forja/shared/schemas/check-ins';
import { WEEKDAY_LABELS, type Weekday } from '@forja/shared/training-plan';
import { Card } from '#components/ui/card';
import { TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { FormEditor } from './form-editor';
import {
  checkInFormsKey,
  checkInFormsQuery,
  deleteForm,
  type FormTarget,
} from './trainer-check-ins-api';

/**
 * The trainer's check-in forms: the default for everyone, one per group (a tag of the roster)
 * and the trainees' own. A trainee's own wins over a group's, a group's over the default.
 */
export function FormsScreen() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(checkInFormsQuery);
  const [open, setOpen] = useState<string | null>(null);
  const [newTag, setNewTag] = useState('');
  const [tagProblem, setTagProblem] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: (target: FormTarget) => deleteForm(target),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: checkInFormsKey });
      notify.success('Formulario borrado');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos borrar el formulario'));
    },
  });
  const toggle = (key: string) => {
    setOpen((current) => (current === key ? null : key));
  };
  const groups = data.forms.filter((form) => form.scope === 'group');
  const trainees = data.forms.filter((form) => form.scope === 'trainee');
  const summary = (weekday: number, count: number) =>
    `${WEEKDAY_LABELS[weekday as Weekday]} · ${count} preguntas`;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link to="/trainers/reviews" className={`${textLink} flex min-h-11 items-center`}>
          ← Revisiones
        </Link>
        <h1 className="text-2xl font-bold">Formularios de revisión</h1>
        <p className="text-neutral-700 dark:text-neutral-300">
          Cada cliente responde su formulario propio si lo tiene; si no, el de la primera de sus
          etiquetas que tenga uno; si no, el de por defecto.
        </p>
      </div>

      <Card title="Por defecto">
        <p>
          {data.default_is_custom ? 'Tu formulario' : 'El formulario de Forja'}:{' '}
          {summary(data.default.weekday, data.default.questions.length)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            aria-expanded={open === 'default'}
            onClick={() => {
              toggle('default');
            }}
          >
            {open === 'default' ? 'Cerrar el editor' : 'Editar'}
          </Button>
          {data.default_is_custom && (
            <Button
              onClick={() => {
                remove.mutate({ scope: 'default' });
              }}
            >
              Volver al de Forja
            </Button>
          )}
        </div>
        {open === 'default' && (
          <FormEditor
            target={{ scope: 'default' }}
            form={data.default}
            saveLabel="Guardar el formulario por defecto"
            onSaved={() => {
              setOpen(null);
            }}
          />
        )}
      </Card>

      <Card title="Por grupo">
        {groups.length === 0 && <p>Ningún grupo tiene formulario propio.</p>}
        <ul className="flex flex-col gap-3">
          {groups.map((form) => {
            const key = `group:${form.tag ?? ''}`;
            const target = { scope: 'group' as const, tag: form.tag ?? '' };
            return (
              <li key={key} className="flex flex-col gap-2">
                <p>
                  <strong>{form.tag}</strong>:{' '}
                  {summary(form.form.weekday, form.form.questions.length)}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    aria-expanded={open === key}
                    onClick={() => {
                      toggle(key);
                    }}
                  >
                    {open === key ? 'Cerrar el editor' : 'Editar'}
                    <span className="sr-only"> {form.tag}</span>
                  </Button>
                  <Button
                    onClick={() => {
                      remove.mutate(target);
                    }}
                  >
                    Borrar<span className="sr-only"> {form.tag}</span>
                  </Button>
                </div>
                {open === key && (
                  <FormEditor
                    target={target}
                    form={form.form}
                    saveLabel="Guardar el formulario del grupo"
                    onSaved={() => {
                      setOpen(null);
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-col gap-2">
          <TextField
            label="Etiqueta del grupo"
            hint="La misma etiqueta que das a tus clientes en Clientes"
            value={newTag}
            maxLength={30}
            error={tagProblem}
            onChange={(event) => {
              setNewTag(event.target.value);
              setTagProblem(undefined);
            }}
          />
          <Button
            onClick={() => {
              if (newTag.trim() === '') {
                setTagProblem('Escribe la etiqueta del grupo');
                return;
              }
              toggle('new-group');
            }}
          >
            Crear formulario del grupo
          </Button>
          {open === 'new-group' && newTag.trim() !== '' && (
            <FormEditor
              target={{ scope: 'group', tag: newTag.trim() }}
              form={data.default.questions.length > 0 ? data.default : DEFAULT_CHECK_IN_FORM}
              saveLabel="Guardar el formulario del grupo"
              onSaved={() => {
                setOpen(null);
                setNewTag('');
              }}
            />
          )}
        </div>
      </Card>

      <Card title="Propios de un cliente">
        {trainees.length === 0 ? (
          <p>
            Ningún cliente tiene formulario propio. Puedes darle uno desde su ficha, en Revisiones.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {trainees.map((form) => (
              <li key={form.trainee?.id}>
                {form.trainee && (
                  <Link
                    to="/trainers/clients/$traineeId/check-ins"
                    params={{ traineeId: form.trainee.id }}
                    className={`${textLink} flex min-h-11 items-center`}
                  >
                    {form.trainee.first_name} {form.trainee.last_name}:{' '}
                    {summary(form.form.weekday, form.form.questions.length)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
