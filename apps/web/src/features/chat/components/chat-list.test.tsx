import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { loadAreas } from '@/lib/i18n';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { ChatList } from './chat-list';

const chat = (body: string, senderId: number): ChatSummary => ({
  id: 1,
  opportunity: {
    id: 11,
    opportunityName: 'Baraem Kindergarten',
    opportunityNameAr: 'روضة براعم',
    logo: null,
  },
  kind: 'listing',
  otherUser: { id: 2, username: 'عبدالله', buyerVerified: false },
  lastMessage: { body, senderId, createdAt: '2026-11-25T10:00:00.000Z' },
  unreadCount: 0,
  updatedAt: '2026-11-25T10:00:00.000Z',
});

beforeEach(async () => {
  await setLanguage('ar');
  await loadAreas(['chat']);
});

describe('ChatList', () => {
  it('isolates the last message from "You: ", so its own direction decides where its punctuation goes', () => {
    // Seen on /profile/chats: "أنت: What are the yearly sales for 2025?" showed the "?" before "What".
    renderWithProviders(<ChatList chats={[chat('What are the yearly sales for 2025?', 7)]} userId={7} />);
    const body = screen.getByText('What are the yearly sales for 2025?');
    expect(body.tagName).toBe('BDI');
    expect(body.parentElement).toHaveTextContent(/^أنت: What are the yearly sales for 2025\?$/);
    // Cut by its own box (its own direction), so an English line in an Arabic list keeps its start.
    expect(body).toHaveClass('truncate');
    expect(body.parentElement).not.toHaveClass('truncate');
  });

  it("marks the advisor's side of an advisor chat as someone asking advice, not as an advisor", () => {
    renderWithProviders(<ChatList chats={[{ ...chat('Hello', 2), kind: 'advisee' }]} userId={7} />);
    expect(screen.getByText('يطلب استشارتك')).toBeInTheDocument();
    expect(screen.queryByText('مستشار')).not.toBeInTheDocument();
  });

  it('isolates the other party’s message too', () => {
    renderWithProviders(<ChatList chats={[chat('Is it still available?', 2)]} userId={7} />);
    expect(screen.getByText('Is it still available?').tagName).toBe('BDI');
  });

  it('marks a chat with an advisor, in words', () => {
    renderWithProviders(<ChatList chats={[{ ...chat('Hello', 2), kind: 'advisor' }]} userId={7} />);
    expect(screen.getByText('مستشار')).toBeInTheDocument();
  });

  it('marks no listing chat', () => {
    renderWithProviders(<ChatList chats={[chat('Hello', 2)]} userId={7} />);
    expect(screen.queryByText('مستشار')).not.toBeInTheDocument();
  });
});
