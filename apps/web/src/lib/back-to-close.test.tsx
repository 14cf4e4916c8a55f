import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useBackToClose } from './back-to-close';

const Layer = ({ name, children }: { name: string; children?: React.ReactNode }) => {
  const [isOpen, setOpen] = useState(false);
  useBackToClose(isOpen, () => setOpen(false));
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        {`open ${name}`}
      </button>
      {isOpen && (
        <section aria-label={name}>
          {name}
          {children}
        </section>
      )}
    </div>
  );
};

const popState = () => window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));

describe('sheets over sheets', () => {
  it('closes only the top one on Esc', async () => {
    const user = userEvent.setup();
    render(
      <Layer name="sheet">
        <Layer name="picker" />
      </Layer>,
    );
    await user.click(screen.getByRole('button', { name: 'open sheet' }));
    await user.click(screen.getByRole('button', { name: 'open picker' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'picker' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'sheet' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'sheet' })).not.toBeInTheDocument();
  });

  it('closes only the sheets whose history entries back took off', async () => {
    const user = userEvent.setup();
    render(
      <Layer name="sheet">
        <Layer name="picker" />
      </Layer>,
    );
    await user.click(screen.getByRole('button', { name: 'open sheet' }));
    const sheetState = window.history.state;
    await user.click(screen.getByRole('button', { name: 'open picker' }));
    // The phone's back button: the picker's entry goes, the sheet's is current again.
    window.history.replaceState(sheetState, '');
    popState();
    expect(await screen.findByRole('region', { name: 'sheet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'picker' })).not.toBeInTheDocument();
  });
});
