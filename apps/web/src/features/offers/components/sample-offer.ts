import type { Offer } from '@safqa/shared/validation/offers';

/** An offer as the API returns it, for the offer components' tests. */
export const SAMPLE_OFFER: Offer = {
  id: 11,
  opportunityId: 4,
  userId: 9,
  buyerVerified: false,
  name: 'سارة',
  phone: '966512345678',
  email: 'sara@example.test',
  reasons: { wantsOffer: true, knowRegulations: false, moreFinancial: false, moreOperational: false },
  message: 'أرغب في شراء حصة في المشروع',
  amount: 250000,
  status: 'new',
  note: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
