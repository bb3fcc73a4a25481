import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { UnderReviewNotice } from './under-review-notice';

afterEach(() => setLanguage('ar'));

describe('UnderReviewNotice', () => {
  it('tells a follower that the listing is under review, in Arabic and English', async () => {
    const { unmount } = renderWithProviders(<UnderReviewNotice o={{ status: 'pending', isOwner: false }} />);
    expect(screen.getByRole('status')).toHaveTextContent('قيد المراجعة');
    unmount();
    await setLanguage('en');
    renderWithProviders(<UnderReviewNotice o={{ status: 'pending', isOwner: false }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Under review');
  });

  it('says nothing on a live listing, nor to the owner (who has the status panel)', () => {
    renderWithProviders(
      <>
        <UnderReviewNotice o={{ status: 'approved', isOwner: false }} />
        <UnderReviewNotice o={{ status: 'pending', isOwner: true }} />
      </>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
