import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Notification } from '@safqa/shared/validation/notifications';
import { renderWithProviders } from '@/test/utils';
import { NotificationItems } from './notification-items';

const moderation = (id: number, title: string, link: string): Notification => ({
  id,
  type: 'moderation',
  title,
  body: 'مقهى الحي',
  link,
  readAt: null,
  createdAt: '2026-11-20T10:00:00Z',
});

/** The lucide icon drawn beside the notification titled `title` (its class names the icon). */
function iconBeside(title: string) {
  const item = screen.getByText(title).closest('a')!;
  return item.querySelector('svg')!.getAttribute('class');
}

describe('NotificationItems: a moderation decision looks like what it is', () => {
  it('draws a published listing, a rejection and a suspension with three different icons', () => {
    renderWithProviders(
      <NotificationItems
        onOpen={() => undefined}
        items={[
          moderation(1, 'نُشرت', '/opportunities/7'),
          moderation(2, 'رُفضت', '/opportunities/7/edit'),
          moderation(3, 'عُلّقت', '/contact'),
        ]}
      />,
    );
    expect(iconBeside('نُشرت')).toContain('lucide-shield-check');
    expect(iconBeside('رُفضت')).toContain('lucide-file-pen');
    expect(iconBeside('عُلّقت')).toContain('lucide-shield-x');
  });
});
