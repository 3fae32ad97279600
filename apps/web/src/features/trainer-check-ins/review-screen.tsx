import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { MAX_CHECK_IN_REPLY_LENGTH } from '@forja/shared/constants';
import { checkInReplyInputSchema, type CheckIn } from '@forja/shared/schemas/check-ins';
import {
  CheckInAnswersList,
  CheckInFiguresList,
  CheckInPhotos,
} from '#components/check-ins/check-in-summary';
import { formatWeek } from '#components/check-ins/check-in-format';
import { PhotoComparison } from '#components/check-ins/photo-comparison';
import { Card } from '#components/ui/card';
import { FieldError } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { fieldControl, textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import {
  replyToCheckIn,
  reviewQuery,
  reviewsKey,
  traineeCheckInsQuery,
} from './trainer-check-ins-api';

/** One check-in's content: figures, answers and photos. */
export function CheckInDetails({
  checkIn,
  headingLevel = 2,
}: {
  checkIn: CheckIn;
  headingLevel?: 2 | 3;
}) {
  return (
    <>
      <Card title="Cifras de la semana" headingLevel={headingLevel}>
        <CheckInFiguresList figures={checkIn.figures} />
      </Card>
      <Card title="Respuestas" headingLevel={headingLevel}>
        <CheckInAnswersList checkIn={checkIn} />
        <CheckInPhotos checkIn={checkIn} />
      </Card>
    </>
  );
}

function ReplyForm({ checkInId, current }: { checkInId: string; current: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [body, setBody] = useState(current);
  const [problem, setProblem] = useState<string | undefined>();
  const reply = useMutation({
    mutationFn: (text: string) => replyToCheckIn(checkInId, text),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewsKey });
      notify.success('Respuesta enviada');
    },
    onError: (error) => {
      setProblem(errorMessage(error, 'No pudimos enviar tu respuesta'));
    },
  });
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const parsed = checkInReplyInputSchema.safeParse({ body });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    reply.mutate(parsed.data.body);
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <label htmlFor={id} className="font-medium">
        Tu respuesta
      </label>
      <textarea
        id={id}
        rows={5}
        maxLength={MAX_CHECK_IN_REPLY_LENGTH}
        className={fieldControl}
        value={body}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setBody(event.target.value);
        }}
      />
      <FieldError message={problem} />
      <Button variant="primary" type="submit" disabled={reply.isPending}>
        {reply.isPending ? 'Enviando…' : current ? 'Cambiar respuesta' : 'Responder'}
      </Button>
    </form>
  );
}

/** The trainer's review of one check-in: what was sent, the photos against earlier weeks, the reply. */
export function ReviewScreen({ checkInId }: { checkInId: string }) {
  const { data: item } = useSuspenseQuery(reviewQuery(checkInId));
  const { data: history } = useSuspenseQuery(traineeCheckInsQuery(item.trainee.id));
  const name = `${item.trainee.first_name} ${item.trainee.last_name}`.trim();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link to="/trainers/reviews" className={`${textLink} flex min-h-11 items-center`}>
          ← Revisiones
        </Link>
        <h1 className="text-2xl font-bold">Revisión de {name}</h1>
        <p className="text-neutral-700 dark:text-neutral-300">
          {formatWeek(item.week)} · {item.status === 'answered' ? 'Respondida' : 'Por responder'} ·{' '}
          <Link
            to="/trainers/clients/$traineeId/check-ins"
            params={{ traineeId: item.trainee.id }}
            className={textLink}
          >
            Ficha
          </Link>
        </p>
      </div>
      <CheckInDetails checkIn={item} />
      <Card title="Comparar fotos">
        <PhotoComparison photos={history.flatMap((checkIn) => checkIn.photos)} />
      </Card>
      <Card title="Responder">
        <ReplyForm key={item.id} checkInId={item.id} current={item.reply?.body ?? ''} />
      </Card>
    </div>
  );
}
