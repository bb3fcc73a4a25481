import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deal } from '@safqa/shared/validation/deals';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, renderWithProviders, setLanguage } from '@/test/utils';
import { StageActions } from './stage-actions';

const lookup = { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' };
const deal: Deal = {
  id: 7,
  opportunity: {
    id: 3,
    opportunityName: 'Corniche cafe',
    opportunityNameAr: 'مقهى الكورنيش',
    type: 'buy',
    offeredPercentage: 100,
    requiredAmount: 900000,
    logo: null,
    coverImage: null,
    businessType: lookup,
    region: lookup,
    city: lookup,
    isVerified: false,
    createdAt: '2026-01-01T00:00:00Z',
    dealState: 'sold',
  },
  seller: { id: 1, username: 'owner1' },
  buyer: { id: 9, username: 'khalid' },
  offer: { id: 4, amount: 850000, createdAt: '2026-01-01T00:00:00Z' },
  stage: 'closed',
  you: 'seller',
  closeRequestedBy: ['seller', 'buyer'],
  cancelReason: null,
  lois: [],
  checklist: [],
  timeline: [],
  dueDiligenceEndsAt: '2026-02-01T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};

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
