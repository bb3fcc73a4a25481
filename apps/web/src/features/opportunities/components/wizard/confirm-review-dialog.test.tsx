import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmReviewDialog } from './confirm-review-dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        submit
      </button>
      <ConfirmReviewDialog open={open} onOpenChange={setOpen} onConfirm={() => setOpen(false)} />
    </>
  );
}

describe('ConfirmReviewDialog', () => {
  it('gives the focus back to the wizard button that opened it when cancelled', async () => {
    // The wizard opens it from its own submit button, not a Radix trigger: without one to return
    // to, Radix left the focus on the body.
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'submit' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
