import { useId, useState, type RefObject } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { offerDecisionForm, OFFER_NOTE_MAX } from '@safqa/shared/validation/offers';
import { zodErrorMap } from '@safqa/shared/validation/messages';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';

export interface DecisionDialogProps {
  /** The decision asked about; null when the dialog is closed. */
  status: 'accepted' | 'declined' | null;
  investorName: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
  /** Where the focus goes on closing when it is set (the decided card, the buttons being gone). */
  focusAfter?: RefObject<HTMLElement | null>;
}

/**
 * The question before an offer is accepted or declined: the decision is final and emailed at once,
 * so it is never one tap. The optional note goes with it, checked by the server's own rule.
 */
export function DecisionDialog({
  status,
  investorName,
  pending,
  onCancel,
  onConfirm,
  focusAfter,
}: DecisionDialogProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const countId = useId();
  const accepted = status === 'accepted';

  const confirm = () => {
    const parsed = offerDecisionForm.safeParse({ note }, { error: zodErrorMap(lng) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onConfirm(parsed.data.note);
  };

  return (
    <AlertDialog
      open={status !== null}
      onOpenChange={(open) => {
        if (open || pending) return;
        setNote('');
        setError(undefined);
        onCancel();
      }}
      opener={focusAfter}
      title={t(accepted ? 'offers.received.confirmAcceptTitle' : 'offers.received.confirmDeclineTitle', {
        name: investorName,
      })}
      description={t('offers.received.confirmBody', { name: investorName })}
      cancelLabel={t('offers.received.cancel')}
      cancelDisabled={pending}
      actions={
        <Button
          variant={accepted ? 'primary' : 'destructive'}
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={confirm}
        >
          {pending ? <SpinnerIcon /> : null}
          {t(accepted ? 'offers.received.confirmAccept' : 'offers.received.confirmDecline')}
        </Button>
      }
    >
      <Field label={t('offers.received.note')} hint={t('offers.received.noteHint')} error={error}>
        {(control) => (
          <>
            <Textarea
              {...control}
              aria-describedby={[control['aria-describedby'], countId].filter(Boolean).join(' ')}
              dir="auto"
              rows={4}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <p id={countId} className="text-xs text-slate-500 dark:text-slate-400">
              {t('offers.received.noteCount', {
                count: formatNumber(note.trim().length, lng),
                max: formatNumber(OFFER_NOTE_MAX, lng),
              })}
            </p>
          </>
        )}
      </Field>
    </AlertDialog>
  );
}
