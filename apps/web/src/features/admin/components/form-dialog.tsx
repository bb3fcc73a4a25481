import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import * as Dialog from 'radix-ui/dialog';
import X from 'lucide-react/icons/x';
import { Button, buttonClasses } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { useReturnFocus } from '@/lib/use-return-focus';

/** A modal form (Radix Dialog): title, fields, and Save / Cancel at the end. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  submitLabel,
  pending,
  children,
  wide = false,
  submitVariant = 'primary',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
  wide?: boolean;
  submitVariant?: 'primary' | 'destructive';
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/50" />
        <Dialog.Content
          {...returnFocus}
          className={`fixed inset-x-0 top-1/2 z-[71] mx-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-900 ${wide ? 'max-w-2xl' : 'max-w-lg'}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900 dark:text-white">{title}</Dialog.Title>
            <Dialog.Close
              className={buttonClasses('ghost', 'icon', '-me-2 -mt-2')}
              aria-label={t('admin.actions.close')}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {description}
            </Dialog.Description>
          ) : null}
          <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4">
            {children}
            <div className="mt-2 flex flex-wrap justify-end gap-2">
              <Dialog.Close className={buttonClasses('secondary')}>{t('admin.actions.cancel')}</Dialog.Close>
              <Button
                type="submit"
                variant={submitVariant}
                disabled={pending}
                aria-busy={pending || undefined}
              >
                {pending ? <SpinnerIcon /> : null}
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
