import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDay } from '#components/check-ins/check-in-format';
import { Card } from '#components/ui/card';
import { textLink } from '#components/ui/styles';
import { currentCheckInQuery } from './check-ins-api';

/**
 * Home's card of the weekly check-in, for a trainee who shares check-ins with a trainer:
 * when it is due, when it was sent, when the trainer answered. Nothing otherwise.
 */
export function CheckInCard() {
  const { data: current } = useQuery(currentCheckInQuery);
  if (!current) return null;
  const sent = current.check_in;
  const text =
    sent?.status === 'answered'
      ? 'Tu entrenador ha respondido tu revisión de esta semana.'
      : sent
        ? 'Revisión enviada. Puedes cambiarla hasta que tu entrenador responda.'
        : current.due
          ? 'Tu revisión de esta semana está lista para enviar.'
          : `Tu próxima revisión es el ${formatDay(current.due_date)}.`;
  return (
    <Card title="Revisión semanal">
      <p>{text}</p>
      <Link to="/users/check-in" className={`${textLink} flex min-h-11 items-center`}>
        {sent?.status === 'answered'
          ? 'Ver la respuesta'
          : sent
            ? 'Ver mi revisión'
            : 'Hacer la revisión'}
      </Link>
    </Card>
  );
}
