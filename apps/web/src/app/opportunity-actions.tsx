import { lazy } from 'react';
import type { OpportunityAction, OpportunityActionProps } from '@/components/opportunity-actions-slot';
import { useSession } from '@/lib/use-session';

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

/**
 * The data room: the owner manages requests and sees the downloads log; a signed-in investor sees how
 * many confidential documents there are and asks for them. Admins see every document already.
 */
const DataRoomAction = lazy(async () => {
  const [{ DataRoomPanel }, { OwnerDataRoom }] = await Promise.all([
    import('@/features/data-room/components/data-room-panel'),
    import('@/features/data-room/components/owner-data-room'),
  ]);
  return {
    default: function DataRoomAction(props: OpportunityActionProps) {
      const { isAdmin } = useSession();
      const { opportunityId, isSignedIn, access, status } = props;
      const count = props.confidentialDocumentsCount ?? 0;
      if (!isSignedIn || !access) return null;
      if (access === 'owner')
        return <OwnerDataRoom opportunityId={opportunityId} confidentialCount={count} />;
      if (isAdmin || (count === 0 && access === 'none')) return null;
      return (
        <DataRoomPanel
          opportunityId={opportunityId}
          confidentialCount={count}
          access={access}
          canRequest={status === 'approved'}
        />
      );
    },
  };
});

export const OPPORTUNITY_ACTIONS: readonly OpportunityAction[] = [
  { id: 'data-room', Component: DataRoomAction },
  { id: 'chat', Component: ChatAction },
  { id: 'offer', Component: OfferAction },
];
