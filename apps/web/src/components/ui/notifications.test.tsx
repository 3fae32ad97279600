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
});
