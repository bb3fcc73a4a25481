import type { FormEventHandler, ReactNode, RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { Dialog, DialogCancel } from './dialog';

/** A modal form: title, fields, and Cancel / submit at the end; the submit shows it is busy. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  opener,
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
  description?: ReactNode;
  opener?: RefObject<HTMLElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
  wide?: boolean;
  submitVariant?: 'primary' | 'destructive';
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      opener={opener}
      size={wide ? 'xl' : 'lg'}
    >
      <form noValidate onSubmit={onSubmit} className="mt-1 grid gap-4">
        {children}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <DialogCancel>{t('common.dialog.cancel')}</DialogCancel>
          <Button type="submit" variant={submitVariant} disabled={pending} aria-busy={pending || undefined}>
            {pending ? <SpinnerIcon /> : null}
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
