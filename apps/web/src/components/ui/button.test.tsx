import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

/** A form whose submit stays busy until `finish` is called, like a sign-in waiting for the server. */
function SlowForm({ onSubmit }: { onSubmit: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setPending(true);
        void onSubmit().finally(() => setPending(false));
      }}
    >
      <input aria-label="email" />
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'busy' : 'send'}
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('keeps the focus while its action runs and after it fails, and takes no second click or Enter', async () => {
    const user = userEvent.setup();
    let fail!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((_, reject) => (fail = () => reject(new Error('401')))));
    render(<SlowForm onSubmit={() => onSubmit().catch(() => undefined)} />);
    await user.click(screen.getByRole('button', { name: 'send' }));
    const busy = screen.getByRole('button', { name: 'busy' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();

    await user.click(busy);
    await user.click(screen.getByRole('textbox', { name: 'email' }));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await user.click(busy);
    fail();
    const again = await screen.findByRole('button', { name: 'send' });
    expect(again).toHaveFocus();
    expect(again).not.toHaveAttribute('aria-disabled');
  });

  it('is really disabled when disabled for another reason than its own action', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'send' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  });
});
