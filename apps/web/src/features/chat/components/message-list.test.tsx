import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@safqa/shared/validation/chat';
import { textContrast } from '@/test/contrast';
import { renderWithProviders } from '@/test/utils';
import { MessageList } from './message-list';

const ME = 7;
const OTHER = 9;

function message(id: number, senderId: number, body: string, readAt: string | null = null): ChatMessage {
  return { id, chatId: 3, senderId, body, removed: false, createdAt: `2026-03-01T09:0${id}:00.000Z`, readAt };
}

describe('MessageList', () => {
  it('shows both sides with times legible on their bubbles (WCAG AA) and read marks on own messages', () => {
    renderWithProviders(
      <MessageList
        messages={[
          message(1, OTHER, 'مرحبًا، هل الإيجار مشمول؟'),
          message(2, ME, 'نعم، مشمول.', '2026-03-01T09:05:00.000Z'),
        ]}
        userId={ME}
        otherName="سارة"
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={vi.fn()}
      />,
    );
    const log = screen.getByRole('log', { name: 'الرسائل مع سارة' });
    expect(within(log).getByText('مرحبًا، هل الإيجار مشمول؟')).toBeInTheDocument();
    expect(within(log).getByText('قُرئت')).toBeInTheDocument();
    const times = log.querySelectorAll('time');
    expect(times).toHaveLength(2);
    // Small text (11 px) needs 4.5:1; the other side's time was slate-500 on slate-100, 4.34 (axe, e2e offers-chat).
    for (const time of times) expect(textContrast(time)).toBeGreaterThanOrEqual(4.5);
  });

  it('shows a removed message as removed, and offers Report on the other side’s messages only', () => {
    renderWithProviders(
      <MessageList
        messages={[
          { ...message(1, OTHER, ''), removed: true },
          message(2, OTHER, 'رسالة عادية'),
          message(3, ME, 'ردّي'),
        ]}
        userId={ME}
        otherName="سارة"
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={vi.fn()}
      />,
    );
    const log = screen.getByRole('log', { name: 'الرسائل مع سارة' });
    expect(within(log).getByText('حُذفت هذه الرسالة')).toBeInTheDocument();
    expect(within(log).getAllByRole('button', { name: 'الإبلاغ عن رسالة سارة' })).toHaveLength(1);
  });
});
