import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, renderWithProviders, setLanguage } from '@/test/utils';
import { StageActions } from './stage-actions';
import { testDeal } from './test-deal';

const deal = testDeal({
  opportunity: { ...testDeal().opportunity, dealState: 'sold' },
  stage: 'closed',
  closeRequestedBy: ['seller', 'buyer'],
  dueDiligenceEndsAt: '2026-02-01T00:00:00Z',
});

afterEach(async () => {
  clearTokens();
  await setLanguage('ar');
});

describe('Deal stages card', () => {
  it.each(['ar', 'en'] as const)('is not drawn for a closed deal, nothing left to do (%s)', async (lang) => {
    await setLanguage(lang);
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'user', exp: inOneHour() }), refreshToken: 'r' });
    renderWithProviders(<StageActions deal={deal} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a cancelled deal its reason, and an open one its actions', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'user', exp: inOneHour() }), refreshToken: 'r' });
    const { unmount } = renderWithProviders(
      <StageActions deal={{ ...deal, stage: 'cancelled', cancelReason: 'تغيّر الظرف' }} />,
    );
    expect(screen.getByRole('region')).toHaveTextContent('تغيّر الظرف');
    unmount();
    renderWithProviders(<StageActions deal={{ ...deal, stage: 'due_diligence', closeRequestedBy: [] }} />);
    expect(screen.getAllByRole('button').length).toBeGreaterThan(0);
  });
});
