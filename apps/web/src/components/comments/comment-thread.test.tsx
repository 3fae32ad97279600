import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '@forja/shared/schemas/comments';
import { draftKey } from '#lib/drafts';
import { CommentThread } from './comment-thread';

const trainer = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  first_name: 'Marta',
  last_name: 'Ruiz',
};
const trainee = {
  id: '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  first_name: 'Lucía',
  last_name: 'Gómez',
};

function aComment(fields: Partial<Comment>): Comment {
  return {
    id: '3c2b1a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    target: 'meal',
    date: '2026-11-20',
    meal: 'desayuno',
    workout_id: null,
    body: 'Añade proteína al desayuno',
    by: 'trainer',
    author: trainer,
    created_at: new Date('2026-11-20T09:30:00.000Z'),
    read_at: null,
    ...fields,
  };
}

const thread = [
  aComment({}),
  aComment({
    id: '4d3c2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    body: 'Vale, mañana pongo huevos',
    by: 'trainee',
    author: trainee,
  }),
];

describe('CommentThread', () => {
  it('shows each comment with who wrote it, the reader’s own as "Tú"', () => {
    render(
      <CommentThread subject="el desayuno" viewer="trainee" comments={thread} onSend={vi.fn()} />,
    );
    const region = screen.getByRole('region', { name: 'Comentarios sobre el desayuno' });
    const items = within(region).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Marta Ruiz');
    expect(items[0]).toHaveTextContent('Añade proteína al desayuno');
    expect(items[1]).toHaveTextContent('Tú');
    expect(items[1]).toHaveTextContent('Vale, mañana pongo huevos');
    // A thread with comments offers a reply, at least 44 px high.
    expect(screen.getByRole('button', { name: 'Responder sobre el desayuno' })).toHaveClass(
      'min-h-11',
    );
  });

  it('checks the text with the shared rules, sends it and closes the box', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.resolve());
    render(<CommentThread subject="el día" viewer="trainer" comments={[]} onSend={onSend} />);

    await user.click(screen.getByRole('button', { name: 'Comentar el día' }));
    const box = screen.getByRole('textbox', { name: 'Tu comentario' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El comentario no puede estar vacío')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onSend).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, '  Buen día  ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledWith('Buen día');
    expect(await screen.findByRole('button', { name: 'Comentar el día' })).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps the text when sending fails, to try again', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.reject(new Error('refused')));
    render(<CommentThread subject="la cena" viewer="trainee" comments={thread} onSend={onSend} />);

    await user.click(screen.getByRole('button', { name: 'Responder sobre la cena' }));
    const box = screen.getByRole('textbox', { name: 'Tu respuesta' });
    await user.type(box, 'Lo intento otra vez');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeEnabled();
    expect(box).toHaveValue('Lo intento otra vez');
  });

  it('keeps an unsent comment as a draft through a reload, and forgets it once sent', async () => {
    const user = userEvent.setup();
    const key = draftKey(trainer.id, `comment:${trainee.id}:2026-11-20:day`);
    const drafts = () => Object.keys(localStorage).filter((stored) => stored.startsWith('draft:'));
    const onSend = vi.fn(() => Promise.resolve());
    const thread = () => (
      <CommentThread subject="el día" viewer="trainer" comments={[]} onSend={onSend} draft={key} />
    );
    render(thread());
    await user.click(screen.getByRole('button', { name: 'Comentar el día' }));
    await user.type(screen.getByRole('textbox', { name: 'Tu comentario' }), 'Buen reparto');
    expect(await screen.findByText('Borrador guardado')).toBeVisible();
    expect(drafts()).toEqual([key]);

    // A reload: the thread comes back with the box open and the text in it.
    cleanup();
    render(thread());
    const box = await screen.findByRole('textbox', { name: 'Tu comentario' });
    await waitFor(() => {
      expect(box).toHaveValue('Buen reparto');
    });
    expect(await screen.findByText('Borrador guardado')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledWith('Buen reparto');
    expect(await screen.findByRole('button', { name: 'Comentar el día' })).toBeVisible();
    expect(drafts()).toEqual([]);
    expect(screen.queryByText('Borrador guardado')).toBeNull();

    // Cancelar gives the text up: nothing is kept.
    await user.click(screen.getByRole('button', { name: 'Comentar el día' }));
    await user.type(screen.getByRole('textbox', { name: 'Tu comentario' }), 'Otra cosa');
    expect(await screen.findByText('Borrador guardado')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(drafts()).toEqual([]);
    cleanup();
    render(thread());
    expect(screen.getByRole('button', { name: 'Comentar el día' })).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
