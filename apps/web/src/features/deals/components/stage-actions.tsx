import { useState } from 'react';
import type { Deal } from '@safqa/shared/validation/deals';
import { stageInput } from '@safqa/shared/validation/deals';
import { zodErrorMap } from '@safqa/shared/validation/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field, Textarea } from '@/components/ui/form-field';
import { serverMessage } from '@/lib/api-client';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { useChangeStage } from '../api/change-stage';

/** Closing, asking to close, and cancelling with a reason; the server holds the rules. */
export function StageActions({ deal }: { deal: Deal }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const change = useChangeStage(deal.id);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  if (!deal.you) return null;
  const asked = deal.closeRequestedBy.includes(deal.you);
  const otherAsked = deal.closeRequestedBy.some((side) => side !== deal.you);
  const open = deal.stage !== 'closed' && deal.stage !== 'cancelled';
  // A closed deal has nothing left to do here (its timeline tells the story): no empty card.
  if (!open && !(deal.stage === 'cancelled' && deal.cancelReason)) return null;

  const cancel = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = stageInput.safeParse({ stage: 'cancelled', reason }, { error: zodErrorMap(lng) });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    change.mutate(parsed.data, { onSuccess: () => setCancelling(false) });
  };

  return (
    <Card as="section" aria-labelledby="stages-title" className="grid gap-3 p-4 sm:p-6">
      <h2 id="stages-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('deals.stages.title')}
      </h2>
      {deal.stage === 'cancelled' && deal.cancelReason ? (
        <p dir="auto" className="text-sm text-slate-700 dark:text-slate-300">
          {t('deals.stages.cancelledReason', { reason: deal.cancelReason })}
        </p>
      ) : null}
      {deal.stage === 'closing' && otherAsked && !asked ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('deals.stages.otherAskedClose')}</p>
      ) : null}
      {deal.stage === 'closing' && asked ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('deals.stages.askedClose')}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {deal.stage === 'due_diligence' ? (
          <Button disabled={change.isPending} onClick={() => change.mutate({ stage: 'closing' })}>
            {t('deals.stages.closing')}
          </Button>
        ) : null}
        {deal.stage === 'closing' && !asked ? (
          <Button disabled={change.isPending} onClick={() => change.mutate({ stage: 'closed' })}>
            {t('deals.stages.askClose')}
          </Button>
        ) : null}
        {open ? (
          <Button variant="destructive" onClick={() => setCancelling(true)}>
            {t('deals.stages.cancel')}
          </Button>
        ) : null}
      </div>
      {change.isError && !cancelling ? <Alert variant="error">{serverMessage(change.error)}</Alert> : null}
      <FormDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('deals.stages.cancelTitle')}
        description={t('deals.stages.cancelBody')}
        onSubmit={cancel}
        submitLabel={t('deals.stages.cancelConfirm')}
        submitVariant="destructive"
        pending={change.isPending}
      >
        <Field label={t('deals.stages.cancelReason')} error={reasonError}>
          {(control) => (
            <Textarea
              {...control}
              dir="auto"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        {change.isError ? <Alert variant="error">{serverMessage(change.error)}</Alert> : null}
      </FormDialog>
    </Card>
  );
}
