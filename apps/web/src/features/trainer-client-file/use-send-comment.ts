import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentInput } from '@forja/shared/schemas/comments';
import { notify } from '#components/ui/notifications';
import { errorMessage } from '#lib/api-error';
import { sendTraineeComment } from './trainer-client-file-api';

/** Sends the trainer's comment on a day of the trainee's; says why in a toast when refused. */
export function useSendComment(traineeId: string, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) => sendTraineeComment(queryClient, traineeId, date, input),
    onSuccess: () => {
      notify.success('Comentario enviado');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos enviar el comentario. Inténtalo de nuevo'));
    },
  });
}
