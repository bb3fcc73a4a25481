import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './form-dialog';

/**
 * The admin dialogs are opened by the page's own buttons, not by a
 * Radix trigger: closing one must put the focus back on the button that opened it, not on the body.
 */
function Opener({ dialog }: { dialog: 'form' | 'confirm' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">before</button>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {dialog === 'form' ? (
        <FormDialog
          open={open}
          onOpenChange={setOpen}
          title="Add"
          onSubmit={(e) => e.preventDefault()}
          submitLabel="Save"
          pending={false}
        >
          <input aria-label="name" />
        </FormDialog>
      ) : (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Delete?"
          description="Gone for good."
          confirmLabel="Delete"
          onConfirm={() => setOpen(false)}
        />
      )}
    </>
  );
}

describe('dialogs opened by a page button', () => {
  it.each(['form', 'confirm'] as const)('%s: Escape gives the focus back to the opener', async (dialog) => {
    const user = userEvent.setup();
    render(<Opener dialog={dialog} />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    await user.keyboard('{Enter}');
    const shown = await screen.findByRole(dialog === 'form' ? 'dialog' : 'alertdialog');
    await waitFor(() => expect(shown).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole(dialog === 'form' ? 'dialog' : 'alertdialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('the confirm button closing the dialog gives the focus back too', async () => {
    const user = userEvent.setup();
    render(<Opener dialog="confirm" />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'open' })).toHaveFocus());
  });
});
