import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('does not submit its form unless told to', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted += 1;
        }}
      >
        <Button>Cancelar</Button>
        <Button variant="primary" type="submit">
          Guardar
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(submitted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(submitted).toBe(1);
  });
});
