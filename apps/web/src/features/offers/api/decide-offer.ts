import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferStatusInput } from '@safqa/shared/validation/offers';
import { api } from '@/lib/api-client';
import { opportunityOffersKey } from './get-opportunity-offers';

export function decideOffer(offerId: number, status: OfferStatusInput['status']) {
  return api.patch<{ offer: Offer }>(`/api/offers/${offerId}`, { status }, { auth: true });
}

/** PATCH /api/offers/{offerId}: the owner accepts or declines a new offer. */
export function useDecideOffer(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, status }: { offerId: number; status: OfferStatusInput['status'] }) => decideOffer(offerId, status),
    onSuccess: () => void client.invalidateQueries({ queryKey: opportunityOffersKey(opportunityId) }),
  });
}
