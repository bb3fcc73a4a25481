import { useId, useState, type RefObject } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import * as AlertDialog from 'radix-ui/alert-dialog';
import { offerDecisionForm, OFFER_NOTE_MAX } from '@safqa/shared/validation/offers';
import { zodErrorMap } from '@safqa/shared/validation/messages';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { useReturnFocus } from '@/lib/use-return-focus';

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
  const returnFocus = useReturnFocus(focusAfter);
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
    <AlertDialog.Root
      open={status !== null}
      onOpenChange={(open) => {
        if (open || pending) return;
        setNote('');
        setError(undefined);
        onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/50" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed inset-x-0 top-1/2 z-[71] mx-auto grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-900"
        >
          <AlertDialog.Title className="text-lg font-bold text-slate-900 dark:text-white">
            {t(accepted ? 'offers.received.confirmAcceptTitle' : 'offers.received.confirmDeclineTitle', {
              name: investorName,
            })}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700 dark:text-slate-300">
            {t('offers.received.confirmBody', { name: investorName })}
          </AlertDialog.Description>
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
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={pending}>
              {t('offers.received.cancel')}
            </AlertDialog.Cancel>
            <Button
              variant={accepted ? 'primary' : 'destructive'}
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={confirm}
            >
              {pending ? <SpinnerIcon /> : null}
              {t(accepted ? 'offers.received.confirmAccept' : 'offers.received.confirmDecline')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
