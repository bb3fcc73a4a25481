import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirmFocus } from './use-confirm-focus';

/**
 * A button that turns into Confirm and Cancel in its place (signing a device out, removing a
 * passkey), the focus following; `note` is said beside them while confirming. `onConfirm` runs the
 * action and is handed `reset`, to call when the row stays (a failure, or an action that keeps it).
 */
export function ConfirmInPlace({
  askLabel,
  askAriaLabel,
  askVariant = 'secondary',
  confirmLabel,
  confirmAriaLabel,
  cancelLabel,
  note,
  pending,
  onConfirm,
  className = 'flex flex-wrap items-center gap-2',
}: {
  askLabel: string;
  askAriaLabel?: string;
  askVariant?: 'secondary' | 'destructive';
  confirmLabel: string;
  confirmAriaLabel?: string;
  cancelLabel: string;
  note?: string;
  pending: boolean;
  onConfirm: (reset: () => void) => void;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const refs = useConfirmFocus(confirming);
  const reset = () => setConfirming(false);
  return (
    <div className={className}>
      {confirming ? (
        <>
          {note ? <p className="text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
          <Button
            ref={refs.confirm}
            variant="destructive"
            size="sm"
            disabled={pending}
            aria-label={confirmAriaLabel}
            onClick={() => onConfirm(reset)}
          >
            {confirmLabel}
          </Button>
          <Button variant="ghost" size="sm" onClick={reset}>
            {cancelLabel}
          </Button>
        </>
      ) : (
        <Button
          ref={refs.ask}
          variant={askVariant}
          size="sm"
          aria-label={askAriaLabel}
          onClick={() => setConfirming(true)}
        >
          {askLabel}
        </Button>
      )}
    </div>
  );
}
