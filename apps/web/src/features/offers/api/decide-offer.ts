import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferStatusInput } from '@safqa/shared/validation/offers';
import { api } from '@/lib/api-client';
import { opportunityOffersKey } from './get-opportunity-offers';

export function decideOffer(offerId: number, status: OfferStatusInput['status'], note = '') {
  // A blank note is left out rather than sent: the call stays what it was for clients without notes.
  const body: OfferStatusInput = note ? { status, note } : { status };
  return api.patch<{ offer: Offer }>(`/api/offers/${offerId}`, body, { auth: true });
}

/** PATCH /api/offers/{offerId}: the owner accepts or declines a new offer, with an optional note. */
export function useDecideOffer(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      offerId,
      status,
      note,
    }: {
      offerId: number;
      status: OfferStatusInput['status'];
      note?: string;
    }) => decideOffer(offerId, status, note),
    onSuccess: () => void client.invalidateQueries({ queryKey: opportunityOffersKey(opportunityId) }),
  });
}
