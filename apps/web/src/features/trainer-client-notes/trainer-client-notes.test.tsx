import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import {
  aTraineeFile,
  anUser,
  failure,
  holdCalls,
  installFakeApi,
  notFound,
  ok,
  type FakeAnswer,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };
// Shares nothing: the notes are the trainer's own and need no area.
const lucia: TraineeFile = aTraineeFile();
const notesPath = `/trainers/trainees/${lucia.id}/notes/`;
const first = {
  id: '7c6b5a4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  body: 'Rodilla izquierda: sin saltos',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/**
 * The trainer's notes as a server would keep them: written, rewritten and deleted. `file`
 * is the answer for the trainee's file: the trainee, or a 404 when not the trainer's.
 */
function api(file: FakeAnswer = ok(lucia), create?: FakeAnswer) {
  let notes: (typeof first)[] = [first];
  const noteAt = (call: FakeCall) => call.path.split('/').at(-2) ?? '';
  const handlers: Parameters<typeof installFakeApi>[0] = {
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    [`GET /trainers/trainees/${lucia.id}/`]: file,
    [`GET ${notesPath}`]: () => ok(notes),
    [`POST ${notesPath}`]:
      create ??
      ((call) => {
        const note = {
          id: '8d7c6b5a-4e3f-4b2a-8d9c-6e5f4a3b2c1d',
          body: (call.body as { body: string }).body,
          created_at: '2026-11-24T09:00:00.000Z',
          updated_at: '2026-11-24T09:00:00.000Z',
        };
        notes = [note, ...notes];
        return { status: 201, data: note };
      }),
  };
  handlers[`PATCH ${notesPath}${first.id}/`] = (call) => {
    const body = (call.body as { body: string }).body;
    notes = notes.map((note) =>
      note.id === noteAt(call) ? { ...note, body, updated_at: '2026-11-24T09:05:00.000Z' } : note,
    );
    return ok(notes.find((note) => note.id === noteAt(call)));
  };
  handlers[`DELETE ${notesPath}${first.id}/`] = (call) => {
    notes = notes.filter((note) => note.id !== noteAt(call));
    return { status: 204 };
  };
  return installFakeApi(handlers);
}

describe('Notas, in a trainee’s file', () => {
  it('writes, rewrites and deletes the trainer’s notes, with no area shared', async () => {
    logIn();
    const fake = api();
    renderApp(`/trainers/clients/${lucia.id}/notes`);

    expect(await screen.findByText('Rodilla izquierda: sin saltos')).toBeVisible();
    expect(screen.getByText(/Solo tú ves estas notas/)).toBeVisible();
    expect(screen.getByText('1 de 500')).toBeVisible();

    const ui = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Nueva nota' });
    await ui.type(within(form).getByLabelText('Nota'), 'Prefiere entrenar por la mañana');
    await ui.click(within(form).getByRole('button', { name: 'Guardar nota' }));
    expect(await screen.findByText('Prefiere entrenar por la mañana')).toBeVisible();
    expect(fake.callsTo('POST', notesPath).map((call) => call.body)).toEqual([
      { body: 'Prefiere entrenar por la mañana' },
    ]);
    expect(within(form).getByLabelText('Nota')).toHaveValue('');
    expect(screen.getByText('2 de 500')).toBeVisible();

    await ui.click(screen.getByRole('button', { name: /^Editar la nota del 20 nov 2026/ }));
    const edit = screen.getByRole('form', { name: 'Editar nota' });
    const box = within(edit).getByLabelText('Nota');
    await ui.clear(box);
    await ui.type(box, 'Rodilla izquierda: ya puede saltar');
    await ui.click(within(edit).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Rodilla izquierda: ya puede saltar')).toBeVisible();
    expect(screen.getByText(/editada el/)).toBeVisible();

    // Borrar asks first; Cancelar keeps the note and sends nothing.
    await ui.click(screen.getByRole('button', { name: /^Borrar la nota del 20 nov 2026/ }));
    await ui.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText('Rodilla izquierda: ya puede saltar')).toBeVisible();
    expect(fake.callsTo('DELETE', `${notesPath}${first.id}/`)).toHaveLength(0);
    await ui.click(screen.getByRole('button', { name: /^Borrar la nota del 20 nov 2026/ }));
    expect(screen.getByText('¿Borrar esta nota?')).toBeVisible();
    await ui.click(screen.getByRole('button', { name: /^Sí, borrar la nota del 20 nov 2026/ }));
    await waitFor(() => {
      expect(screen.queryByText('Rodilla izquierda: ya puede saltar')).toBeNull();
    });
    expect(fake.callsTo('DELETE', `${notesPath}${first.id}/`)).toHaveLength(1);
  });

  it('keeps a note being written, or rewritten, as a draft through a reload until saved', async () => {
    logIn();
    const fake = api();
    renderApp(`/trainers/clients/${lucia.id}/notes`);
    const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));
    const newNote = `draft:${aTrainer.id}:trainee-note:${lucia.id}:new`;
    const edited = `draft:${aTrainer.id}:trainee-note:${lucia.id}:${first.id}`;

    const ui = userEvent.setup();
    let form = await screen.findByRole('form', { name: 'Nueva nota' });
    await ui.type(within(form).getByLabelText('Nota'), 'Vacaciones en agosto');
    expect(await within(form).findByText('Borrador guardado')).toBeVisible();
    await ui.click(screen.getByRole('button', { name: /^Editar la nota del 20 nov 2026/ }));
    let edit = screen.getByRole('form', { name: 'Editar nota' });
    await ui.type(within(edit).getByLabelText('Nota'), ' ni carrera');
    expect(await within(edit).findByText('Borrador guardado')).toBeVisible();
    // One draft per box, under the trainer and the trainee, kept a moment after the last key.
    await waitFor(() => {
      expect(localStorage.getItem(edited)).toContain('sin saltos ni carrera');
    });
    expect(localStorage.getItem(newNote)).toContain('Vacaciones en agosto');
    expect(drafts().sort()).toEqual([edited, newNote].sort());

    // A reload: the new note's text is back; the edit's comes back on editing the note again.
    cleanup();
    renderApp(`/trainers/clients/${lucia.id}/notes`);
    form = await screen.findByRole('form', { name: 'Nueva nota' });
    await waitFor(() => {
      expect(within(form).getByLabelText('Nota')).toHaveValue('Vacaciones en agosto');
    });
    expect(await within(form).findByText('Borrador guardado')).toBeVisible();
    await ui.click(screen.getByRole('button', { name: /^Editar la nota del 20 nov 2026/ }));
    edit = screen.getByRole('form', { name: 'Editar nota' });
    await waitFor(() => {
      expect(within(edit).getByLabelText('Nota')).toHaveValue(
        'Rodilla izquierda: sin saltos ni carrera',
      );
    });

    await ui.click(within(edit).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Rodilla izquierda: sin saltos ni carrera')).toBeVisible();
    expect(fake.callsTo('PATCH', `${notesPath}${first.id}/`).map((call) => call.body)).toEqual([
      { body: 'Rodilla izquierda: sin saltos ni carrera' },
    ]);
    await ui.click(within(form).getByRole('button', { name: 'Guardar nota' }));
    expect(await screen.findByText('Vacaciones en agosto')).toBeVisible();
    expect(fake.callsTo('POST', notesPath).map((call) => call.body)).toEqual([
      { body: 'Vacaciones en agosto' },
    ]);
    await waitFor(() => {
      expect(drafts()).toEqual([]);
    });
    expect(within(form).queryByText('Borrador guardado')).toBeNull();
  }, 20_000);

  /**
   * Writes a note and saves it, then types the start of the next one while the API has not
   * answered; returns once it has been let answer. `seen` checks the box right after saving.
   */
  async function typeWhileSending(seen: (box: HTMLElement) => void = () => undefined) {
    renderApp(`/trainers/clients/${lucia.id}/notes`);
    const form = await screen.findByRole('form', { name: 'Nueva nota' });
    const box = within(form).getByLabelText('Nota');
    const held = holdCalls(notesPath);
    const ui = userEvent.setup();
    await ui.type(box, 'Cena tarde los martes');
    await ui.click(within(form).getByRole('button', { name: 'Guardar nota' }));
    seen(box);
    await ui.type(box, 'Le duele el hombro');
    held.release();
    return { form, box };
  }

  it('empties the box as a note is sent: what is typed meanwhile is the next note', async () => {
    logIn();
    const fake = api();
    const { form, box } = await typeWhileSending((sending) => {
      expect(sending).toHaveValue('');
    });

    expect(await screen.findByText('Cena tarde los martes')).toBeVisible();
    expect(fake.callsTo('POST', notesPath).map((call) => call.body)).toEqual([
      { body: 'Cena tarde los martes' },
    ]);
    expect(box).toHaveValue('Le duele el hombro');
    // And it is kept as the next note's draft, as anything typed in the box.
    expect(await within(form).findByText('Borrador guardado')).toBeVisible();
  });

  it('puts a note the API did not take back in the box, before what was typed since', async () => {
    logIn();
    api(ok(lucia), failure(500, 'internal', 'Error interno'));
    const { box } = await typeWhileSending();

    // The toast says what the API said.
    expect(await findToast('Error interno')).toBeVisible();
    expect(box).toHaveValue('Cena tarde los martes\nLe duele el hombro');
    expect(screen.queryByText('Cena tarde los martes')).toBeNull();
  });

  it('forgets the draft of a rewritten note when the edit is cancelled', async () => {
    logIn();
    api();
    renderApp(`/trainers/clients/${lucia.id}/notes`);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: /^Editar la nota del 20 nov 2026/ }));
    let edit = screen.getByRole('form', { name: 'Editar nota' });
    await ui.type(within(edit).getByLabelText('Nota'), ' ni carrera');
    expect(await within(edit).findByText('Borrador guardado')).toBeVisible();
    await ui.click(within(edit).getByRole('button', { name: 'Cancelar' }));
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);

    await ui.click(screen.getByRole('button', { name: /^Editar la nota del 20 nov 2026/ }));
    edit = screen.getByRole('form', { name: 'Editar nota' });
    expect(within(edit).getByLabelText('Nota')).toHaveValue('Rodilla izquierda: sin saltos');
    expect(within(edit).queryByText('Borrador guardado')).toBeNull();
  });

  it('says an empty note is not a note, and sends nothing', async () => {
    logIn();
    const fake = api();
    renderApp(`/trainers/clients/${lucia.id}/notes`);

    const form = await screen.findByRole('form', { name: 'Nueva nota' });
    const ui = userEvent.setup();
    await ui.type(within(form).getByLabelText('Nota'), '   ');
    await ui.click(within(form).getByRole('button', { name: 'Guardar nota' }));
    expect(await within(form).findByText('La nota no puede estar vacía')).toBeVisible();
    expect(fake.callsTo('POST', notesPath)).toEqual([]);
  });

  it('shows the file’s error when the person is not one of the trainer’s clients, and asks for no notes', async () => {
    logIn();
    // The server answers 404 for another trainer's trainee: the file's layout says it
    // could not load the file, and neither the tab nor its notes are shown.
    const fake = api(notFound);
    renderApp(`/trainers/clients/${lucia.id}/notes`);

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('No pudimos cargar la ficha del cliente. Inténtalo de nuevo.');
    expect(within(error).getByRole('button', { name: 'Reintentar' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Notas' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Nueva nota' })).toBeNull();
    expect(fake.callsTo('GET', `/trainers/trainees/${lucia.id}/`)).not.toEqual([]);
    expect(fake.callsTo('GET', notesPath)).toEqual([]);
  });
});
