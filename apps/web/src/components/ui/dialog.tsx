import type { ReactNode } from 'react';
import * as RadixDialog from 'radix-ui/dialog';
import X from 'lucide-react/icons/x';
import { useTranslation } from '@/lib/use-translation';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';
import { CONTENT, DESCRIPTION, OVERLAY, SIZES, TITLE, type DialogFrameProps } from './dialog-frame';

/**
 * The app's modal dialog (Radix Dialog): focus trapped, opened on its first field, returned on close,
 * Escape and the close button dismiss it. Laid out by the page's direction (portalled under <html dir>).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  opener,
  size = 'lg',
  closeLabel,
  children,
}: DialogFrameProps & { closeLabel?: string }) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(opener);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={OVERLAY} />
        <RadixDialog.Content
          {...returnFocus}
          className={cn(CONTENT, SIZES[size])}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className={TITLE}>{title}</RadixDialog.Title>
            <RadixDialog.Close
              className={buttonClasses('ghost', 'icon', '-me-2 -mt-2 shrink-0')}
              aria-label={closeLabel ?? t('common.dialog.close')}
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description asChild>
              <div className={cn('-mt-2', DESCRIPTION)}>{description}</div>
            </RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button that closes the nearest `Dialog` (a form's Cancel). */
export function DialogCancel({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  return (
    <RadixDialog.Close className={buttonClasses('secondary')} disabled={disabled}>
      {children}
    </RadixDialog.Close>
  );
}
