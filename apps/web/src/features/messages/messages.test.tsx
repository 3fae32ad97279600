import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aSubscription,
  anUser,
  installFakeApi,
  ok,
  type FakeAnswer,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const trainer = {
  id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  first_name: 'Marta',
  last_name: 'Ruiz',
  profile_picture_url: '',
};
const hola = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  by: 'trainer',
  body: 'Hola Ana, ¿cómo va la semana?',
  photo: null,
  created_at: '2026-03-02T09:00:00.000Z',
  read_at: null,
};
const mine = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  by: 'trainee',
  body: 'Bien, gracias',
  photo: null,
  created_at: '2026-03-02T09:01:00.000Z',
  read_at: '2026-03-02T09:02:00.000Z',
};

/** A fake EventSource: the test sends what the server would. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(kind: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(kind: string, id: string, data: unknown) {
    const event = new MessageEvent<string>(kind, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(kind) ?? []) listener(event);
  }
}

/** What the server holds: the stream's messages are added here before they are sent. */
let held: unknown[] = [];

function api(conversation?: FakeAnswer) {
  let tickets = 0;
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    'GET /messages/': () =>
      conversation ?? ok({ with: trainer, messages: [hola, mine, ...held], next_cursor: null }),
    'GET /messages/unread/': ok({ count: 1 }),
    'POST /messages/read/': ok({ count: 0 }),
    'POST /messages/': (call: FakeCall) => ({
      status: 201,
      data: {
        id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
        by: 'trainee',
        body: (call.body as { body: string }).body,
        photo: null,
        created_at: '2026-03-02T09:05:00.000Z',
        read_at: null,
      },
    }),
    'POST /events/tickets/': () => {
      tickets += 1;
      return {
        status: 201,
        data: { ticket: `ticket-${String(tickets)}`, expires_at: '2026-03-02T09:06:00.000Z' },
      };
    },
  });
}

describe('Mensajes, for the trainee', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    held = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    // jsdom lays nothing out, so it cannot scroll.
    Element.prototype.scrollIntoView = vi.fn();
    logIn();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the conversation, marks the trainer’s message read, and sends one, not an empty one', async () => {
    const fake = api();
    renderApp('/users/messages');
    const list = await screen.findByRole('list', { name: 'Mensajes' });
    expect(within(list).getByText('Hola Ana, ¿cómo va la semana?')).toBeVisible();
    // Her own message, read by the trainer.
    expect(within(list).getByText('Visto')).toBeVisible();
    await waitFor(() => {
      expect(fake.callsTo('POST', '/messages/read/').map((call) => call.body)).toEqual([
        { up_to: hola.id },
      ]);
    });
    // The navigation counts what is unread once the stream has started, and reads it once:
    // a count read before the stream said "ready" would be read again.
    await waitFor(() => {
      expect(FakeEventSource.opened).toHaveLength(1);
    });
    expect(fake.callsTo('GET', '/messages/unread/')).toHaveLength(0);
    act(() => {
      FakeEventSource.opened[0]?.emit('ready', '41', {});
    });
    expect(
      await within(screen.getByRole('navigation', { name: 'Secciones' })).findByRole('link', {
        name: /^Mensajes\s*\(1 sin leer\)$/,
      }),
    ).toBeVisible();
    expect(fake.callsTo('GET', '/messages/unread/')).toHaveLength(1);

    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Mensaje' });
    const send = screen.getByRole('button', { name: 'Enviar' });
    // Nothing written yet: the button still answers, and says why it sent nothing.
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText('Escribe el mensaje antes de enviarlo.')).toBeVisible();
    expect(box).toHaveAccessibleDescription('Escribe el mensaje antes de enviarlo.');
    expect(fake.callsTo('POST', '/messages/')).toHaveLength(0);
    await user.type(box, '  Nos vemos el lunes  ');
    expect(screen.queryByText('Escribe el mensaje antes de enviarlo.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await within(list).findByText('Nos vemos el lunes')).toBeVisible();
    expect(fake.callsTo('POST', '/messages/').map((call) => call.body)).toEqual([
      { body: 'Nos vemos el lunes' },
    ]);
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
  });

  it('adds what the stream brings, once, and reopens it after an error from the last event', async () => {
    const fake = api();
    renderApp('/users/messages');
    const list = await screen.findByRole('list', { name: 'Mensajes' });
    await waitFor(() => {
      expect(FakeEventSource.opened).toHaveLength(1);
    });
    const source = FakeEventSource.opened[0];
    if (!source) throw new Error('no stream');
    expect(source.url).toBe('/v0/events/?ticket=ticket-1');
    const live = {
      id: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a',
      by: 'trainer',
      body: 'Mañana, pierna',
      photo: null,
      created_at: '2026-03-02T09:10:00.000Z',
      read_at: null,
    };
    act(() => {
      source.emit('ready', '41', {});
    });
    // A first stream starts from now: the conversation is read again once.
    await waitFor(() => {
      expect(fake.callsTo('GET', '/messages/')).toHaveLength(2);
    });
    await waitFor(() => {
      expect(screen.queryByText('Cargando mensajes…')).toBeNull();
    });
    held.push(live);
    act(() => {
      source.emit('message', '42', {
        trainee_id: anUser.id,
        trainer_id: trainer.id,
        message: live,
      });
      source.emit('message', '42', {
        trainee_id: anUser.id,
        trainer_id: trainer.id,
        message: live,
      });
    });
    expect(await within(list).findAllByText('Mañana, pierna')).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      act(() => {
        source.onerror?.();
      });
      expect(source.closed).toBe(true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => {
      expect(FakeEventSource.opened).toHaveLength(2);
    });
    expect(FakeEventSource.opened[1]?.url).toBe('/v0/events/?ticket=ticket-2&after=42');
  });

  it('says so when there is no trainer to write to', async () => {
    api({
      status: 404,
      data: { error: 'trainer not found', message: 'No tienes ningún entrenador vinculado' },
    });
    renderApp('/users/messages');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No tienes ningún entrenador vinculado. Cuando aceptes la invitación de tu entrenador podréis escribiros aquí.',
    );
  });
});
