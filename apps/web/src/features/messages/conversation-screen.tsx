import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type SyntheticEvent,
} from 'react';
import { MAX_MESSAGE_LENGTH } from '@forja/shared/constants';
import { TRAINER_NOT_FOUND_TEXT } from './texts';
import type { ConversationPage, Message } from '@forja/shared/schemas/conversation';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';
import { aboveBottomBar, LineIcon } from '#components/ui/nav-icons';
import { ApiError, errorMessage } from '#lib/api-error';
import { conversationKey, unreadMessagesKey } from '#lib/query-keys';
import {
  conversationQuery,
  markRead,
  photoBlob,
  sendPhoto,
  sendText,
  type Side,
} from './messages-api';

type Conversation = InfiniteData<ConversationPage, string | undefined>;

const time = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long' });
const muted = 'text-sm text-neutral-700 dark:text-neutral-300';

/** Adds a message the server accepted to the newest page, unless the stream did first. */
function withMessage(conversation: Conversation | undefined, message: Message) {
  if (!conversation) return conversation;
  if (conversation.pages.some((page) => page.messages.some((m) => m.id === message.id))) {
    return conversation;
  }
  const [newest, ...older] = conversation.pages;
  if (!newest) return conversation;
  return {
    ...conversation,
    pages: [{ ...newest, messages: [...newest.messages, message] }, ...older],
  };
}

/**
 * Mensajes: the conversation of a trainee and their trainer, the same screen on both sides.
 * New messages and read receipts come live through the tab's event stream; the newest page
 * shows first and older ones load on demand. What the other side wrote becomes read while the
 * screen is shown.
 */
export function ConversationScreen({ side }: { side: Side }) {
  const query = useInfiniteQuery(conversationQuery(side));
  const messages = (query.data?.pages ?? [])
    .slice()
    .reverse()
    .flatMap((page) => page.messages);
  const correspondent = query.data?.pages[0]?.with;
  useMarkRead(side, messages);
  const end = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  useLayoutEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  if (query.isPending) {
    return <p className={muted}>Cargando mensajes…</p>;
  }
  if (query.isError) {
    const noTrainer = query.error instanceof ApiError && query.error.status === 404;
    return (
      <p role="alert" className="text-neutral-800 dark:text-neutral-200">
        {noTrainer
          ? side.role === 'trainee'
            ? TRAINER_NOT_FOUND_TEXT
            : 'Esta conversación ya no existe: el cliente ya no está vinculado contigo.'
          : errorMessage(query.error, 'No pudimos cargar los mensajes. Inténtalo de nuevo.')}
      </p>
    );
  }

  const name = correspondent ? `${correspondent.first_name} ${correspondent.last_name}`.trim() : '';
  const lastMineRead = [...messages].reverse().find((m) => m.by === side.role && m.read_at);
  return (
    <div className="flex flex-col gap-3">
      {correspondent ? (
        <p className={muted}>
          Conversación con <span className="font-semibold">{name}</span>
        </p>
      ) : null}
      {query.hasNextPage ? (
        <Button
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Cargando…' : 'Ver mensajes anteriores'}
        </Button>
      ) : null}
      {messages.length === 0 ? (
        <p className={muted}>Aún no hay mensajes. Escribe el primero.</p>
      ) : (
        <ol aria-label="Mensajes" className="flex flex-col gap-2">
          {messages.map((message, index) => (
            <MessageItem
              key={message.id}
              message={message}
              mine={message.by === side.role}
              newDay={
                index === 0 ||
                day.format(messages[index - 1]?.created_at) !== day.format(message.created_at)
              }
              seen={message.id === lastMineRead?.id}
            />
          ))}
        </ol>
      )}
      <div ref={end} />
      <Composer side={side} />
    </div>
  );
}

function MessageItem({
  message,
  mine,
  newDay,
  seen,
}: {
  message: Message;
  mine: boolean;
  newDay: boolean;
  seen: boolean;
}) {
  return (
    <li className="flex flex-col">
      {newDay ? (
        <p className={`${muted} my-2 self-center first-letter:uppercase`}>
          {day.format(message.created_at)}
        </p>
      ) : null}
      <div
        className={`flex max-w-[85%] flex-col gap-1 rounded-2xl px-3 py-2 ${
          mine
            ? 'self-end bg-orange-700 text-white dark:bg-orange-500 dark:text-neutral-950'
            : 'self-start bg-neutral-100 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100'
        }`}
      >
        <span className="sr-only">{mine ? 'Tú:' : 'Recibido:'}</span>
        {message.photo ? (
          <Photo photo={message.photo} />
        ) : (
          <p className="break-words whitespace-pre-wrap">{message.body}</p>
        )}
        <time dateTime={message.created_at.toISOString()} className="self-end text-xs">
          {time.format(message.created_at)}
        </time>
      </div>
      {seen ? <p className={`${muted} self-end text-xs`}>Visto</p> : null}
    </li>
  );
}

/** A photo of the conversation, fetched with the access token and shown from memory. */
function Photo({ photo }: { photo: NonNullable<Message['photo']> }) {
  const { data: blob, isError } = useQuery({
    queryKey: ['messages', 'photo', photo.id],
    queryFn: () => photoBlob(photo.id),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (isError) return <p className="text-sm">No pudimos cargar la foto.</p>;
  return (
    <div
      className="w-64 max-w-full overflow-hidden rounded-lg bg-neutral-200 dark:bg-neutral-700"
      style={{ aspectRatio: `${String(photo.width)} / ${String(photo.height)}` }}
    >
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" className={`block ${focusRing}`}>
          <img src={url} alt="Foto" className="h-full w-full object-cover" />
        </a>
      ) : (
        <span className="sr-only">Cargando foto…</span>
      )}
    </div>
  );
}

/** Marks what the other side wrote read, up to the newest, while the screen is visible. */
function useMarkRead(side: Side, messages: Message[]) {
  const queryClient = useQueryClient();
  const newestUnread = [...messages].reverse().find((m) => m.by !== side.role && !m.read_at);
  const sent = useRef<string | null>(null);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => {
      setVisible(document.visibilityState === 'visible');
    };
    document.addEventListener('visibilitychange', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
    };
  }, []);
  const target = newestUnread?.id;
  useEffect(() => {
    if (!target || !visible || sent.current === target) return;
    sent.current = target;
    markRead(side, target).then(
      () => queryClient.invalidateQueries({ queryKey: unreadMessagesKey }),
      () => {
        sent.current = null;
      },
    );
  }, [target, visible, side, queryClient]);
}

function Composer({ side }: { side: Side }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  /** Enviar was pressed with nothing written: said under the box until the person writes. */
  const [emptyTried, setEmptyTried] = useState(false);
  const fieldId = useId();
  const problemId = `${fieldId}-problem`;
  const fileInput = useRef<HTMLInputElement>(null);
  const added = (message: Message) => {
    queryClient.setQueryData<Conversation>(conversationKey(side.traineeId), (conversation) =>
      withMessage(conversation, message),
    );
  };
  const text = useMutation({
    mutationFn: (value: string) => sendText(side, value),
    onSuccess: (message) => {
      added(message);
      setBody('');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos enviar el mensaje. Inténtalo de nuevo.'));
    },
  });
  const photo = useMutation({
    mutationFn: (file: File) => sendPhoto(side, file),
    onSuccess: added,
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos enviar la foto. Inténtalo de nuevo.'));
    },
  });
  const trimmed = body.trim();
  const tooLong = body.length > MAX_MESSAGE_LENGTH;
  const problem = tooLong
    ? `El mensaje admite como máximo ${String(MAX_MESSAGE_LENGTH)} caracteres.`
    : emptyTried && !trimmed
      ? 'Escribe el mensaje antes de enviarlo.'
      : null;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!trimmed) setEmptyTried(true);
    if (!trimmed || tooLong || text.isPending) return;
    text.mutate(trimmed);
  };
  return (
    <form
      onSubmit={submit}
      // Above the bottom bar of sections on phones.
      className={`sticky flex items-end gap-2 border-t border-neutral-200 bg-white py-3 dark:border-neutral-800 dark:bg-neutral-950 ${aboveBottomBar}`}
    >
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) photo.mutate(file);
        }}
      />
      <Button
        className="size-11 shrink-0 !p-0"
        disabled={photo.isPending}
        onClick={() => fileInput.current?.click()}
        aria-label={photo.isPending ? 'Enviando foto…' : 'Enviar una foto'}
      >
        <LineIcon
          d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z"
          size={22}
        >
          <circle cx="12" cy="13.5" r="3.5" />
        </LineIcon>
      </Button>
      <div className="flex flex-1 flex-col">
        <label htmlFor={fieldId} className="sr-only">
          Mensaje
        </label>
        <textarea
          id={fieldId}
          value={body}
          rows={1}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          placeholder="Escribe un mensaje"
          onChange={(event) => {
            setBody(event.target.value);
            setEmptyTried(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              submit(event);
            }
          }}
          className={`max-h-40 min-h-11 w-full resize-none rounded-lg border border-neutral-400 bg-white px-3 py-2.5 text-base text-neutral-900 aria-invalid:border-red-700 dark:border-neutral-500 dark:bg-neutral-900 dark:text-neutral-100 ${focusRing}`}
        />
        {problem ? (
          <p id={problemId} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
      </div>
      <Button variant="primary" type="submit" className="shrink-0 !px-4" disabled={text.isPending}>
        {text.isPending ? 'Enviando…' : 'Enviar'}
      </Button>
    </form>
  );
}
