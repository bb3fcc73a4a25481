import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import * as AlertDialog from 'radix-ui/alert-dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { useReturnFocus } from '@/lib/use-return-focus';

/**
 * A question before a destructive step (Radix AlertDialog: focus trapped, Escape cancels, the
 * cancel button takes the focus first). `blocked` explains why the step cannot be taken now.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  blocked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  blocked?: ReactNode;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/50" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed inset-x-0 top-1/2 z-[71] mx-auto grid w-[calc(100%-2rem)] max-w-md -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-900"
        >
          <AlertDialog.Title className="text-lg font-bold text-slate-900 dark:text-white">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="text-sm text-slate-700 dark:text-slate-300">{description}</div>
          </AlertDialog.Description>
          {blocked ? (
            <p
              role="alert"
              className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            >
              {blocked}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>
              {t('admin.actions.cancel')}
            </AlertDialog.Cancel>
            {blocked ? null : (
              <Button
                variant="destructive"
                disabled={pending}
                aria-busy={pending || undefined}
                onClick={onConfirm}
              >
                {pending ? <SpinnerIcon /> : null}
                {confirmLabel}
              </Button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
