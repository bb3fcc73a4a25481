import { lazy } from 'react';
import type { OpportunityAction, OpportunityActionProps } from '@/components/opportunity-actions-slot';

/**
 * Actions shown in the side column of /opportunities/{id}, under the contact card (SPEC.md section 2).
 * Each feature owns its component; the app layer (which may import features) puts them together here,
 * lazily so the detail page stays light. The components load their own catalogues.
 *
 * Offers and chats exist only on approved listings: owners see the offers they received instead of
 * the form, investors see the offer form and the start-chat button.
 */
const OfferAction = lazy(async () => {
  const [{ OfferForm }, { ReceivedOffers }] = await Promise.all([
    import('@/features/offers/components/offer-form'),
    import('@/features/offers/components/received-offers'),
  ]);
  return {
    default: function OfferAction({ opportunityId, isOwner, isSignedIn, status }: OpportunityActionProps) {
      if (isOwner && isSignedIn) return <ReceivedOffers opportunityId={opportunityId} />;
      if (status !== 'approved') return null;
      return <OfferForm opportunityId={opportunityId} isOwner={isOwner} />;
    },
  };
});

const ChatAction = lazy(async () => {
  const { StartChatButton } = await import('@/features/chat/components/start-chat-button');
  return {
    default: function ChatAction({ opportunityId, isOwner, status }: OpportunityActionProps) {
      if (status !== 'approved') return null;
      return <StartChatButton opportunityId={opportunityId} isOwner={isOwner} className="w-full" />;
    },
  };
});

export const OPPORTUNITY_ACTIONS: readonly OpportunityAction[] = [
  { id: 'chat', Component: ChatAction },
  { id: 'offer', Component: OfferAction },
];
