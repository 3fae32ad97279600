import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECK_IN_FORM } from '@forja/shared/schemas/check-ins';
import { aSubscription, anUser, installFakeApi, ok, type FakeCall } from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const figures = {
  from: '2026-11-17',
  to: '2026-11-23',
  weight: { trend_kg: 71.26, weekly_rate_kg: -0.42, weigh_ins: 3 },
  energy: { target_kcal: 2000, days_logged: 6, days_within: 4, percent: 67 },
  sessions: { done: 3, planned: 4 },
  water: { average_ml: 1850, days: 5 },
};

function checkIn(id: string, week: string, photoId: string) {
  return {
    id,
    week,
    due_date: week,
    status: 'answered',
    questions: DEFAULT_CHECK_IN_FORM.questions,
    answers: {},
    figures,
    photos: [{ id: photoId, pose: 'front', width: 300, height: 400, week }],
    submitted_at: '2026-11-10T09:00:00.000Z',
    updated_at: '2026-11-10T09:00:00.000Z',
    reply: null,
  };
}

const earlier = [
  checkIn(
    '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    '2026-11-10',
    '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  ),
  checkIn(
    '0b1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    '2026-11-03',
    '2a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  ),
];

/** The check-in endpoints as a server would keep them: once sent, the week has its check-in. */
/** Taps each scale question's value, as a person answering the check-in. */
async function rate(user: ReturnType<typeof userEvent.setup>, answers: [RegExp, string][]) {
  for (const [question, value] of answers) {
    await user.click(
      within(screen.getByRole('group', { name: question })).getByText(value, { exact: true }),
    );
  }
}

function api() {
  let sent: object | null = null;
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    'GET /check-ins/current/': () =>
      ok({
        week: '2026-11-17',
        due_date: '2026-11-23',
        due: sent === null,
        form: DEFAULT_CHECK_IN_FORM,
        figures,
        check_in: sent,
      }),
    'GET /check-ins/': ok(earlier),
    'PUT /check-ins/2026-11-17/': (call: FakeCall) => {
      sent = {
        ...checkIn(
          '0c1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          '2026-11-17',
          '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        ),
        status: 'pending',
        photos: [],
        answers: (call.body as { answers: object }).answers,
      };
      return { status: 200, data: sent };
    },
    // The photos' bytes: whatever answers 200 is a Blob to the client.
    'GET /progress-photos/1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/': ok('a'),
    'GET /progress-photos/2a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/': ok('b'),
  });
}

beforeEach(() => {
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => `blob:foto-${String(++n)}`,
      revokeObjectURL: vi.fn(),
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the weekly check-in', () => {
  it('shows the week’s figures, checks the answers and the consent, and sends them', async () => {
    const user = userEvent.setup();
    const fake = api();
    logIn();
    renderApp('/users/check-in');
    const week = await screen.findByRole('region', { name: 'Tus cifras de la semana' });
    expect(within(week).getByText('71,3 kg (-0,42 kg/semana)')).toBeVisible();
    expect(within(week).getByText('67 % (4 de 6 días en objetivo)')).toBeVisible();
    expect(within(week).getByText('3 de 4 hechos')).toBeVisible();
    expect(within(week).getByText('1,85 L en 5 días')).toBeVisible();

    const send = screen.getByRole('button', { name: 'Enviar revisión' });
    await user.click(send);
    expect(
      await screen.findByText('Falta responder «¿Cómo ha ido tu energía esta semana?»'),
    ).toBeVisible();
    await rate(user, [
      [/energía/, '7'],
      [/hambre/, '4'],
      [/dormido/, '8'],
      [/estrés/, '3'],
      [/seguido el plan/, '9'],
    ]);
    await user.type(screen.getByLabelText('¿Cómo fue la semana? (opcional)'), 'Bien');
    await user.click(send);
    expect(
      await screen.findByText('Marca el consentimiento para enviar la revisión'),
    ).toBeVisible();
    expect(fake.callsTo('PUT', '/check-ins/2026-11-17/')).toHaveLength(0);

    await user.click(screen.getByLabelText(/Doy mi consentimiento explícito/));
    await user.click(send);
    await waitFor(() => {
      expect(fake.callsTo('PUT', '/check-ins/2026-11-17/')).toHaveLength(1);
    });
    expect(fake.callsTo('PUT', '/check-ins/2026-11-17/')[0]?.body).toEqual({
      answers: {
        energia: 7,
        hambre: 4,
        sueno: 8,
        estres: 3,
        adherencia: 9,
        semana: 'Bien',
        cambios: null,
      },
      health_data_consent: true,
    });
  });

  it('keeps the answers as a draft through a reload, and forgets it once sent', async () => {
    const user = userEvent.setup();
    const fake = api();
    logIn();
    renderApp('/users/check-in');
    const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));
    await user.click(
      within(await screen.findByRole('group', { name: /energía/ })).getByText('7', {
        exact: true,
      }),
    );
    await user.type(screen.getByLabelText('¿Cómo fue la semana? (opcional)'), 'Dormí poco');
    expect(await screen.findByText('Borrador guardado')).toBeVisible();
    // One draft for the whole check-in of the week, under the person, kept a moment after
    // the last change.
    const key = `draft:${anUser.id}:check-in:2026-11-17`;
    await waitFor(() => {
      expect(localStorage.getItem(key)).toContain('Dormí poco');
    });
    expect(drafts()).toEqual([key]);

    // A reload: the screen is gone and comes back, the answers are still there.
    cleanup();
    renderApp('/users/check-in');
    const week = await screen.findByLabelText('¿Cómo fue la semana? (opcional)');
    await waitFor(() => {
      expect(week).toHaveValue('Dormí poco');
    });
    expect(
      within(screen.getByRole('group', { name: /energía/ })).getByRole('radio', { name: '7' }),
    ).toBeChecked();
    expect(await screen.findByText('Borrador guardado')).toBeVisible();

    await rate(user, [
      [/hambre/, '4'],
      [/dormido/, '8'],
      [/estrés/, '3'],
      [/seguido el plan/, '9'],
    ]);
    await user.click(screen.getByLabelText(/Doy mi consentimiento explícito/));
    await user.click(screen.getByRole('button', { name: 'Enviar revisión' }));
    await waitFor(() => {
      expect(fake.callsTo('PUT', '/check-ins/2026-11-17/')).toHaveLength(1);
    });
    expect(fake.callsTo('PUT', '/check-ins/2026-11-17/')[0]?.body).toMatchObject({
      answers: { energia: 7, semana: 'Dormí poco', cambios: null },
    });
    expect(
      await screen.findByText(/Enviada: puedes cambiarla hasta que tu entrenador responda/),
    ).toBeVisible();
    await waitFor(() => {
      expect(drafts()).toEqual([]);
    });
    expect(screen.queryByText('Borrador guardado')).toBeNull();
    expect(screen.getByLabelText('¿Cómo fue la semana? (opcional)')).toHaveValue('Dormí poco');
  }, 20_000);

  it('compares two weeks’ photos with a slider that uncovers the later one', async () => {
    const fake = api();
    logIn();
    renderApp('/users/check-in');
    const comparison = await screen.findByRole('region', { name: 'Comparar fotos' });
    expect(within(comparison).getByLabelText('Antes')).toHaveValue('2026-11-03');
    expect(within(comparison).getByLabelText('Después')).toHaveValue('2026-11-10');
    const later = await within(comparison).findByRole('img', {
      name: 'De frente, Semana del 10 de noviembre',
    });
    expect(
      await within(comparison).findByRole('img', { name: 'De frente, Semana del 3 de noviembre' }),
    ).toBeVisible();
    expect(later).toHaveStyle({ clipPath: 'inset(0 50% 0 0)' });
    const slider = within(comparison).getByRole('slider', { name: 'Desliza para comparar' });
    fireEvent.change(slider, { target: { value: '80' } });
    expect(later).toHaveStyle({ clipPath: 'inset(0 20% 0 0)' });
    // The photos were asked for with the session's token, never from a public address.
    const photoCall = fake.calls.find((call) => call.path.startsWith('/progress-photos/'));
    expect(photoCall?.authorization).toBe('Token access-1');
  });
});
