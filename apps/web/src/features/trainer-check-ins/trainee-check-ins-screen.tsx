import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatWeek } from '#components/check-ins/check-in-format';
import { PhotoComparison } from '#components/check-ins/photo-comparison';
import { Card } from '#components/ui/card';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { focusRing, textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { FormEditor } from './form-editor';
import { CheckInDetails } from './review-screen';
import {
  checkInFormsKey,
  deleteForm,
  traineeCheckInsQuery,
  traineeFormQuery,
} from './trainer-check-ins-api';

const sourceText = {
  trainee: 'Responde un formulario propio.',
  group: 'Responde el formulario del grupo',
  default: 'Responde tu formulario por defecto.',
  shipped: 'Responde el formulario por defecto de Forja.',
} as const;

/** The trainee file's Revisiones tab: which form they answer, their check-ins, their photos. */
export function TraineeCheckInsScreen({ traineeId }: { traineeId: string }) {
  const queryClient = useQueryClient();
  const { data: checkIns } = useSuspenseQuery(traineeCheckInsQuery(traineeId));
  const { data: effective } = useSuspenseQuery(traineeFormQuery(traineeId));
  const [editing, setEditing] = useState(false);
  const target = { scope: 'trainee' as const, traineeId };
  const remove = useMutation({
    mutationFn: () => deleteForm(target),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: checkInFormsKey });
      notify.success('Ahora responde el formulario de su grupo o el de por defecto');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos borrar el formulario'));
    },
  });
  return (
    <div className="flex flex-col gap-4">
      <Card title="Formulario" headingLevel={3}>
        <p>
          {effective.source === 'group'
            ? `${sourceText.group} «${effective.tag ?? ''}».`
            : sourceText[effective.source]}{' '}
          {effective.form.questions.length} preguntas.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            aria-expanded={editing}
            onClick={() => {
              setEditing((open) => !open);
            }}
          >
            {editing
              ? 'Cerrar el editor'
              : effective.source === 'trainee'
                ? 'Editar su formulario'
                : 'Crear un formulario propio'}
          </Button>
          {effective.source === 'trainee' && (
            <Button
              disabled={remove.isPending}
              onClick={() => {
                remove.mutate();
              }}
            >
              {remove.isPending ? 'Borrando...' : 'Borrar su formulario'}
            </Button>
          )}
        </div>
        {editing && (
          <FormEditor
            key={effective.source}
            target={target}
            form={effective.form}
            saveLabel="Guardar su formulario"
            onSaved={() => {
              setEditing(false);
            }}
          />
        )}
      </Card>
      <Card title="Comparar fotos" headingLevel={3}>
        <PhotoComparison photos={checkIns.flatMap((checkIn) => checkIn.photos)} />
      </Card>
      {checkIns.length === 0 ? (
        <p>Todavía no ha enviado ninguna revisión.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {checkIns.map((checkIn) => (
            <li key={checkIn.id}>
              <details className="rounded-lg border border-neutral-200 dark:border-neutral-800">
                <summary
                  className={`flex min-h-11 cursor-pointer items-center px-3 font-medium ${focusRing}`}
                >
                  {formatWeek(checkIn.week)} ·{' '}
                  {checkIn.status === 'answered' ? 'Respondida' : 'Por responder'}
                </summary>
                <div className="flex flex-col gap-3 p-3">
                  <Link
                    to="/trainers/reviews/$checkInId"
                    params={{ checkInId: checkIn.id }}
                    className={`${textLink} flex min-h-11 items-center`}
                  >
                    {checkIn.status === 'answered' ? 'Ver la revisión' : 'Responder'}
                  </Link>
                  {checkIn.reply && (
                    <p className="whitespace-pre-wrap">
                      <strong>Tu respuesta:</strong> {checkIn.reply.body}
                    </p>
                  )}
                  <CheckInDetails checkIn={checkIn} headingLevel={3} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
