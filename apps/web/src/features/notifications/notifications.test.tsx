import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  aSubscription,
  anEmptyDay,
  anUser,
  installFakeApi,
  ok,
  readyForEveryScreen,
  somePreferences,
} from '#test/fake-api';
import { lightSystemScheme } from '#test/browser-stand-ins';
import { currentAddress, logIn, renderApp } from '#test/render-app';
import { howLongAgo } from './notification-bell';

const channels = { in_app: true, email: true, push: true };
const settings = {
  kinds: {
    comment: channels,
    message: channels,
    check_in_due: channels,
    check_in_answered: channels,
    program_assigned: channels,
    reminder: channels,
  },
  reminders: {
    weigh_in: { enabled: false, time: '08:00' },
    logging: { enabled: false, time: '21:00' },
    check_in: { enabled: false, time: '09:00', weekday: 1 },
  },
  push_available: false,
  push_devices: 0,
};

function aNotification(id: string, title: string, path = '/users/diary?date=2026-03-02') {
  return {
    id,
    kind: 'comment',
    title,
    body: 'Buen día de proteína',
    path,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read_at: null as string | null,
  };
}

const first = '11111111-1111-4111-8111-111111111111';
const second = '22222222-2222-4222-8222-222222222222';

function api(extra: Parameters<typeof installFakeApi>[0] = {}) {
  let items = [
    aNotification(first, 'Marta ha comentado tu día'),
    aNotification(second, 'Otro aviso', '/users/metrics'),
  ];
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    ...readyForEveryScreen(),
    'GET /diary/days/2026-03-02/': ok(anEmptyDay('2026-03-02')),
    'GET /notifications/': () =>
      ok({ unread: items.filter((item) => !item.read_at).length, items }),
    'POST /notifications/read/': (call) => {
      const body = call.body as { ids?: string[]; all?: true };
      items = items.map((item) =>
        body.all || body.ids?.includes(item.id)
          ? { ...item, read_at: new Date().toISOString() }
          : item,
      );
      return ok({ unread: items.filter((item) => !item.read_at).length });
    },
    'GET /notifications/settings/': ok(settings),
    'PUT /notifications/settings/': (call) => ok({ ...settings, ...(call.body as object) }),
    ...extra,
  });
}

beforeEach(() => {
  logIn();
  lightSystemScheme();
});

describe('the bell', () => {
  it('marks read what leads to the page being shown', async () => {
    const fake = api();
    renderApp('/users/diary?date=2026-03-02');
    await waitFor(() => {
      expect(fake.callsTo('POST', '/notifications/read/')[0]?.body).toEqual({ ids: [first] });
    });
    expect(await screen.findByRole('button', { name: 'Avisos, 1 sin leer' })).toBeDefined();
  });

  it('shows the unread count and opens a notification at its page, which reads it', async () => {
    const fake = api();
    const { router } = renderApp('/users/home');
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Avisos, 2 sin leer' });
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Avisos' });
    expect(within(panel).getAllByText('hace 5 minutos')).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: /Marta ha comentado tu día/ }));
    await waitFor(() => {
      expect(currentAddress(router)).toBe('/users/diary?date=2026-03-02');
    });
    // Arriving at its page reads it.
    await waitFor(() => {
      expect(fake.callsTo('POST', '/notifications/read/')[0]?.body).toEqual({ ids: [first] });
    });
    expect(await screen.findByRole('button', { name: 'Avisos, 1 sin leer' })).toBeDefined();
  });

  it('marks everything read at once, then says there is nothing left to mark', async () => {
    const fake = api();
    renderApp('/users/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avisos, 2 sin leer' }));
    await user.click(screen.getByRole('button', { name: 'Marcar todo como leído' }));
    expect(await screen.findByRole('button', { name: 'Avisos' })).toBeDefined();
    expect(fake.callsTo('POST', '/notifications/read/')[0]?.body).toEqual({ all: true });
    // Nothing left to mark: the greyed-out button says why.
    const markAll = screen.getByRole('button', { name: 'Marcar todo como leído' });
    expect(markAll).toBeDisabled();
    expect(markAll).toHaveAccessibleDescription('Ya has leído todos tus avisos.');
    expect(screen.getByText('Ya has leído todos tus avisos.')).toBeVisible();
  });

  it('says how long ago in Spanish', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    expect(howLongAgo(new Date('2026-03-02T11:59:30Z'), now)).toBe('ahora mismo');
    expect(howLongAgo(new Date('2026-03-02T09:00:00Z'), now)).toBe('hace 3 horas');
    expect(howLongAgo(new Date('2026-03-01T11:00:00Z'), now)).toBe('ayer');
  });
});

describe('the notification settings', () => {
  it('save the channels per kind and the reminders', async () => {
    const fake = api();
    renderApp('/users/settings');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Avisos' });
    expect(
      await within(section).findByText(/Este servidor no tiene activados los avisos/),
    ).toBeDefined();
    await user.click(
      within(section).getByRole('checkbox', { name: 'Mensajes: resumen por correo' }),
    );
    await user.click(within(section).getByRole('checkbox', { name: 'Pesarme' }));
    await user.click(within(section).getByRole('button', { name: 'Guardar avisos' }));
    await waitFor(() => {
      expect(fake.callsTo('PUT', '/notifications/settings/')).toHaveLength(1);
    });
    const body = fake.callsTo('PUT', '/notifications/settings/')[0]?.body as typeof settings;
    expect(body.kinds.message).toEqual({ in_app: true, email: false, push: true });
    expect(body.reminders.weigh_in).toEqual({ enabled: true, time: '08:00' });
    expect(body.reminders.check_in).toEqual({ enabled: false, time: '09:00', weekday: 1 });
  });
});
