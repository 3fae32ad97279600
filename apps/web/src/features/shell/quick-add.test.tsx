import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuickAdd } from './quick-add';

function renderQuickAdd() {
  const actions = { onFood: vi.fn(), onSet: vi.fn(), onWeight: vi.fn(), onNote: vi.fn() };
  render(<QuickAdd {...actions} water={<p>Los vasos de agua</p>} />);
  return actions;
}

describe('the "+" of every screen', () => {
  it('opens a sheet named for what it does, with the five things that can be logged', async () => {
    renderQuickAdd();
    const user = userEvent.setup();
    const plus = screen.getByRole('button', { name: 'Anotar' });
    expect(plus).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(plus);
    const sheet = screen.getByRole('dialog', { name: 'Anotar' });
    expect(
      within(sheet)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('button').textContent),
    ).toEqual([
      'AlimentoBuscar, recientes o copiar',
      'AguaUn vaso, una botella u otra cantidad',
      'SerieLa sesión de hoy',
      'PesoAnotar tu peso',
      'NotaLa nota del día',
    ]);
  });

  it('leads each row where it is logged, closing the sheet', async () => {
    const actions = renderQuickAdd();
    const user = userEvent.setup();
    for (const [row, action] of [
      ['Alimento', actions.onFood],
      ['Serie', actions.onSet],
      ['Peso', actions.onWeight],
      ['Nota', actions.onNote],
    ] as const) {
      await user.click(screen.getByRole('button', { name: 'Anotar' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Anotar' })).getByRole('button', {
          name: new RegExp(`^${row}`),
        }),
      );
      expect(action).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it('logs water inside the sheet, and closes with Escape or its button', async () => {
    renderQuickAdd();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Anotar' }));
    await user.click(screen.getByRole('button', { name: /^Agua/ }));
    const water = screen.getByRole('dialog', { name: 'Agua' });
    expect(within(water).getByText('Los vasos de agua')).toBeVisible();
    // Escape: the browser's cancel event on a modal dialog.
    fireEvent(water, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Anotar' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Anotar' })).getByRole('button', {
        name: 'Cerrar',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
