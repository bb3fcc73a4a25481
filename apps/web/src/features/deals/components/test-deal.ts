import type { Deal } from '@safqa/shared/validation/deals';

const lookup = { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' };

/** A deal on the Corniche cafe between owner1 (seller, id 1) and khalid (buyer, id 9), for component tests. */
export function testDeal(overrides: Partial<Deal> = {}): Deal {
  return {
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
      dealState: 'under_offer',
    },
    seller: { id: 1, username: 'owner1' },
    buyer: { id: 9, username: 'khalid' },
    offer: { id: 4, amount: 850000, createdAt: '2026-01-01T00:00:00Z' },
    stage: 'loi',
    you: 'seller',
    closeRequestedBy: [],
    cancelReason: null,
    lois: [],
    checklist: [],
    timeline: [],
    dueDiligenceEndsAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
    ...overrides,
  };
}
