import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deal } from '@safqa/shared/validation/deals';
import { loadAreas } from '@/lib/i18n';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { DealTimeline } from './deal-timeline';

const item = {
  id: 41,
  // The server gives a template item's title in the request's language.
  title: 'Financial statements for the last three years',
  side: 'seller',
  status: 'done',
  dueDate: null,
  note: null,
  documents: [],
};
const deal = {
  checklist: [item],
  timeline: [
    {
      type: 'checklist_updated',
      actor: { id: 1, username: 'owner1' },
      at: '2026-11-28T09:12:00Z',
      // What the event kept when it happened: the template's Arabic title.
      details: { itemId: 41, title: 'القوائم المالية لآخر ثلاث سنوات', status: 'done' },
    },
    {
      type: 'checklist_added',
      actor: { id: 9, username: 'khalid' },
      at: '2026-11-28T09:13:00Z',
      details: { itemId: 77, title: 'Visit the second branch' },
    },
  ],
} as unknown as Deal;

afterEach(async () => {
  await setLanguage('ar');
});

describe('DealTimeline', () => {
  it('names a checklist item in the reader’s language, not as the event kept it', async () => {
    await setLanguage('en');
    await loadAreas(['deals']);
    renderWithProviders(<DealTimeline deal={deal} />);
    expect(
      screen.getByText('Item updated: Financial statements for the last three years'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/القوائم المالية/)).not.toBeInTheDocument();
    // An item no longer in the list keeps the title its event recorded.
    expect(screen.getByText(/Visit the second branch/)).toBeInTheDocument();
  });

  it('says a deleted listing left the deal in place, in Arabic and English', async () => {
    const gone = {
      checklist: [],
      timeline: [
        {
          type: 'listing_deleted',
          actor: { id: 1, username: 'owner1' },
          at: '2026-11-29T10:00:00Z',
          details: {},
        },
      ],
    } as unknown as Deal;
    await loadAreas(['deals']);
    const { unmount } = renderWithProviders(<DealTimeline deal={gone} />);
    expect(screen.getByText('حُذفت الفرصة، وبقيت الصفقة وسجلها')).toBeInTheDocument();
    unmount();
    await setLanguage('en');
    await loadAreas(['deals']);
    renderWithProviders(<DealTimeline deal={gone} />);
    expect(screen.getByText('The listing was deleted; the deal and its record stay')).toBeInTheDocument();
  });
});
