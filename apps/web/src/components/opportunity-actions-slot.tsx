import { createContext, Suspense, useContext, type ComponentType } from 'react';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { DocumentAccess } from '@safqa/shared/validation/opportunities';
import { Spinner } from '@/components/ui/spinner';

/**
 * What the opportunity detail page hands to the actions of other features (the offer form, the
 * start-chat button): enough to decide whether to show themselves and to call their own API.
 */
export interface OpportunityActionProps {
  opportunityId: number;
  /** The listing's name in the UI language. */
  opportunityName: string;
  status: OpportunityStatus;
  /** The viewer owns the listing (owners cannot offer on or chat about their own listing). */
  isOwner: boolean;
  isSignedIn: boolean;
  /** The data room (signed-in callers only): how many confidential documents, and the caller's access. */
  confidentialDocumentsCount?: number;
  access?: DocumentAccess;
}

export interface OpportunityAction {
  /** Stable key, e.g. 'offer' or 'chat'. */
  id: string;
  /** Decides what to show first, then lazy-loads only that piece (src/app/opportunity-actions.tsx). */
  Component: ComponentType<OpportunityActionProps>;
}

const OpportunityActionsContext = createContext<readonly OpportunityAction[]>([]);

/** Provided once by the app (src/app/opportunity-actions.ts lists the actions). */
export const OpportunityActionsProvider = OpportunityActionsContext.Provider;

/**
 * The slot in the detail page's side column where other features' actions appear, in list order.
 * A feature never imports another feature: the app puts the pieces together through this context.
 */
export function OpportunityActionsSlot(props: OpportunityActionProps) {
  const actions = useContext(OpportunityActionsContext);
  if (actions.length === 0) return null;
  return (
    <div data-slot="opportunity-actions" className="grid gap-4">
      {actions.map(({ id, Component }) => (
        <Suspense key={id} fallback={<Spinner className="p-4" />}>
          <Component {...props} />
        </Suspense>
      ))}
    </div>
  );
}
