import { lazy } from 'react';
import type { OpportunityAction, OpportunityActionProps } from '@/components/opportunity-actions-slot';
import { useOpportunity } from '@/lib/get-opportunity';
import { useSession } from '@/lib/use-session';

/**
 * Actions shown in the side column of /opportunities/{id}, under the contact card (SPEC.md section 2).
 * Each feature owns its component; the app layer (which may import features) puts them together here.
 * Each action decides what to show before anything is downloaded, and then loads only that piece, so a
 * visitor who is signed out (most of those who open a shared link) never downloads the owner's or the
 * data room's screens. The components load their own catalogues.
 *
 * Offers and chats exist only on approved listings: owners see the offers they received instead of
 * the form, investors see the offer form and the start-chat button.
 */
const OfferForm = lazy(() =>
  import('@/features/offers/components/offer-form').then((m) => ({ default: m.OfferForm })),
);
const ReceivedOffers = lazy(() =>
  import('@/features/offers/components/received-offers').then((m) => ({ default: m.ReceivedOffers })),
);
const StartChatButton = lazy(() =>
  import('@/features/chat/components/start-chat-button').then((m) => ({ default: m.StartChatButton })),
);
const DataRoomPanel = lazy(() =>
  import('@/features/data-room/components/data-room-panel').then((m) => ({ default: m.DataRoomPanel })),
);
const OwnerDataRoom = lazy(() =>
  import('@/features/data-room/components/owner-data-room').then((m) => ({ default: m.OwnerDataRoom })),
);

function OfferAction({ opportunityId, isOwner, isSignedIn, status }: OpportunityActionProps) {
  if (isOwner && isSignedIn) return <ReceivedOffers opportunityId={opportunityId} />;
  if (status !== 'approved') return null;
  return <OfferForm opportunityId={opportunityId} isOwner={isOwner} />;
}

function ChatAction({ opportunityId, isOwner, status }: OpportunityActionProps) {
  if (status !== 'approved') return null;
  return <StartChatButton opportunityId={opportunityId} isOwner={isOwner} className="w-full" />;
}

/**
 * The data room: the owner manages requests and sees the downloads log; a signed-in investor sees how
 * many confidential documents there are and asks for them. Admins see every document already.
 */
function DataRoomAction(props: OpportunityActionProps) {
  const { isAdmin } = useSession();
  const { opportunityId, isSignedIn, access, status } = props;
  const count = props.confidentialDocumentsCount ?? 0;
  // The page has already loaded the detail: this reads the cache, and follows it after a change.
  const detail = useOpportunity(opportunityId);
  if (!isSignedIn || !access) return null;
  if (access === 'owner') {
    const documents = (detail.data?.documents ?? []).filter((d) => d.confidential);
    return <OwnerDataRoom opportunityId={opportunityId} confidentialCount={count} documents={documents} />;
  }
  if (isAdmin || (count === 0 && access === 'none')) return null;
  return (
    <DataRoomPanel
      opportunityId={opportunityId}
      confidentialCount={count}
      access={access}
      canRequest={status === 'approved'}
    />
  );
}

export const OPPORTUNITY_ACTIONS: readonly OpportunityAction[] = [
  { id: 'data-room', Component: DataRoomAction },
  { id: 'chat', Component: ChatAction },
  { id: 'offer', Component: OfferAction },
];
