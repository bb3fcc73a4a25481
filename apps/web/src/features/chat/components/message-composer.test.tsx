import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageComposer } from './message-composer';

describe('MessageComposer', () => {
  it('sends the trimmed text on Enter, keeps Shift+Enter as a new line, and clears after sending', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByLabelText('رسالتك');
    await userEvent.type(box, '  السطر الأول{Shift>}{Enter}{/Shift}السطر الثاني ');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('  السطر الأول\nالسطر الثاني ');
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('السطر الأول\nالسطر الثاني');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('never sends blank text and refuses more than 2000 characters', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByLabelText('رسالتك');
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'إرسال' })).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('ا'.repeat(2001));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the text when sending fails', async () => {
    const onSend = vi.fn().mockRejectedValue(new Error('offline'));
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByLabelText('رسالتك');
    await userEvent.type(box, 'hello{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(box).toHaveValue('hello');
  });
});
