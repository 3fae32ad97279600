import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notifications, notify } from './notifications';

describe('notifications', () => {
  it('load nothing until the first notice, then show every notice sent', async () => {
    const { container } = render(<Notifications />);
    expect(container).toBeEmptyDOMElement();

    act(() => {
      notify.error('Contraseña o correo electrónico incorrectos');
      notify.success('Te enviamos un nuevo código de verificación');
    });

    expect(
      await screen.findByText('Contraseña o correo electrónico incorrectos'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Te enviamos un nuevo código de verificación'),
    ).toBeInTheDocument();
  });

  it('are toasts with rich colours', async () => {
    render(<Notifications />);

    act(() => {
      notify.error('Correo electrónico ya registrado');
    });

    const toast = (await screen.findByText('Correo electrónico ya registrado')).closest(
      '[data-sonner-toast]',
    );
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(toast).toHaveAttribute('data-rich-colors', 'true');
  });

  it('offer "Deshacer" on a change that can be taken back, and run the undo once tapped', async () => {
    const undone: string[] = [];
    render(<Notifications />);

    act(() => {
      notify.undoable('Huevo añadido a Desayuno', () => {
        undone.push('huevo');
      });
    });

    const toast = (await screen.findByText('Huevo añadido a Desayuno')).closest(
      '[data-sonner-toast]',
    );
    expect(toast).not.toBeNull();
    // A click without pointer events: sonner captures the pointer, which jsdom lacks.
    fireEvent.click(within(toast as HTMLElement).getByRole('button', { name: 'Deshacer' }));
    expect(undone).toEqual(['huevo']);
  });
});
