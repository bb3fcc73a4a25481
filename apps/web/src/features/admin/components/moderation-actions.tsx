import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Ban from 'lucide-react/icons/ban';
import Check from 'lucide-react/icons/check';
import OctagonPause from 'lucide-react/icons/octagon-pause';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { actionsFor, type ModerationAction } from '@safqa/shared/validation/admin';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { useModerate } from '../api/moderate-opportunity';
import { ReasonDialog } from './reason-dialog';

const ICONS = { approve: Check, reinstate: RotateCcw, suspend: OctagonPause, reject: Ban };
const VARIANTS = {
  approve: 'primary',
  reinstate: 'primary',
  suspend: 'secondary',
  reject: 'destructive',
} as const;

/**
 * The decisions open to a listing in its status (MODERATION_TRANSITIONS, shared with the server):
 * approve and reinstate at once, reject and suspend after asking why. The owner is emailed each time.
 */
export function ModerationActions({ opportunity, name }: { opportunity: OpportunityDetail; name: string }) {
  const { t } = useTranslation();
  const moderate = useModerate();
  const [asking, setAsking] = useState<'reject' | 'suspend' | null>(null);
  const [running, setRunning] = useState<ModerationAction | null>(null);

  const done = (action: ModerationAction) =>
    toast({
      title: t(`admin.moderation.${action}Done`, { name }),
      description: t('admin.moderation.emailed'),
    });

  const failed = (failure: unknown) =>
    toast({
      variant: 'destructive',
      title: t('admin.moderation.failed'),
      description:
        isApiError(failure) && failure.code === 'INVALID_STATUS_TRANSITION'
          ? t('admin.moderation.staleStatus')
          : (serverMessage(failure) ?? undefined),
    });

  const runAtOnce = async (action: 'approve' | 'reinstate') => {
    setRunning(action);
    try {
      await moderate.mutateAsync({ id: opportunity.id, action });
      done(action);
    } catch (failure) {
      failed(failure);
    } finally {
      setRunning(null);
    }
  };

  const withReason = async (reason: string | null) => {
    const action = asking!;
    try {
      await moderate.mutateAsync(
        action === 'reject'
          ? { id: opportunity.id, action, reason: reason ?? '' }
          : { id: opportunity.id, action, reason },
      );
      done(action);
    } catch (failure) {
      // Field errors stay in the dialog; anything else is told here and closes it.
      if (isApiError(failure) && failure.fields) throw failure;
      failed(failure);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {actionsFor(opportunity.status).map((action) => {
        const Icon = ICONS[action];
        const busy = running === action;
        return (
          <Button
            key={action}
            size="sm"
            variant={VARIANTS[action]}
            disabled={running !== null}
            aria-busy={busy || undefined}
            onClick={() =>
              action === 'reject' || action === 'suspend' ? setAsking(action) : void runAtOnce(action)
            }
          >
            {busy ? <SpinnerIcon /> : <Icon aria-hidden="true" className="size-4" />}
            {t(`admin.moderation.${action}`)}
          </Button>
        );
      })}
      {asking ? (
        <ReasonDialog action={asking} name={name} onClose={() => setAsking(null)} onSubmit={withReason} />
      ) : null}
    </div>
  );
}
