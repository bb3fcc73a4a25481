import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferCreateInput } from '@safqa/shared/validation/offers';
import { api } from '@/lib/api-client';
import { myOffersKey } from './get-my-offers';

export function createOffer(opportunityId: number, input: OfferCreateInput) {
  return api.post<{ offer: Offer }>(`/api/opportunities/${opportunityId}/offers`, input, { auth: true });
}

/** POST /api/opportunities/{id}/offers with the details and the emailed code. */
export function useCreateOffer(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferCreateInput) => createOffer(opportunityId, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: myOffersKey }),
  });
}
