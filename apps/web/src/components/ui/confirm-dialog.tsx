import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { AlertDialog } from './alert-dialog';

/**
 * A yes/no question before a step that cannot be undone (delete, send back to review). `blocked`
 * explains why the step cannot be taken now and hides the confirm button.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  cancelLabel,
  opener,
  pending = false,
  blocked,
  variant = 'destructive',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  cancelLabel?: string;
  opener?: RefObject<HTMLElement | null>;
  pending?: boolean;
  blocked?: ReactNode;
  variant?: 'primary' | 'destructive';
}) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      cancelLabel={cancelLabel}
      opener={opener}
      actions={
        blocked ? null : (
          <Button variant={variant} disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>
            {pending ? <SpinnerIcon /> : null}
            {confirmLabel}
          </Button>
        )
      }
    >
      {blocked ? (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {blocked}
        </p>
      ) : null}
    </AlertDialog>
  );
}
