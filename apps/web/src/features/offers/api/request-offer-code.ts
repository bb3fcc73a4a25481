import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OfferCodeAnswer {
  message: string;
  resendAfter: number;
  expiresInMinutes: number;
}

export function requestOfferCode(opportunityId: number, email: string) {
  return api.post<OfferCodeAnswer>(
    `/api/opportunities/${opportunityId}/offers/code`,
    { email },
    { auth: true },
  );
}

/** POST /api/opportunities/{id}/offers/code: emails the 4-digit code. */
export function useRequestOfferCode(opportunityId: number) {
  return useMutation({ mutationFn: (email: string) => requestOfferCode(opportunityId, email) });
}
