import { act, render, screen } from '@testing-library/react';
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
});
