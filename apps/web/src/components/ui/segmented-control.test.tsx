import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { SegmentedControl } from './segmented-control';

function Period() {
  const [months, setMonths] = useState(1);
  return (
    <>
      <SegmentedControl
        label="Periodo"
        segments={[1, 3, 6].map((value) => ({ value, label: `${value} m` }))}
        value={months}
        onChange={setMonths}
      />
      <p>Elegido: {months}</p>
      <Button>Después</Button>
    </>
  );
}

describe('SegmentedControl', () => {
  it('is one radio group: a tap or the arrows choose, Tab leaves it at once', async () => {
    const user = userEvent.setup();
    render(<Period />);
    const group = screen.getByRole('radiogroup', { name: 'Periodo' });
    expect(group).toBeVisible();
    expect(screen.getByRole('radio', { name: '1 m' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: '3 m' }));
    expect(screen.getByText('Elegido: 3')).toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '6 m' })).toBeChecked();
    expect(screen.getByText('Elegido: 6')).toBeVisible();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Después' })).toHaveFocus();
  });
});
