import type { ReactNode } from 'react';
import * as RadixAlertDialog from 'radix-ui/alert-dialog';
import { useTranslation } from '@/lib/use-translation';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';
import { CONTENT, DESCRIPTION, OVERLAY, SIZES, TITLE, type DialogFrameProps } from './dialog-frame';

/**
 * A question the user must answer (Radix AlertDialog): no close button and no dismissal by clicking
 * outside; Escape and the cancel button answer "no", and the cancel button has the focus first unless
 * the body holds a field. `actions` are the answers beside Cancel.
 */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  opener,
  size = 'md',
  cancelLabel,
  cancelDisabled = false,
  actions,
  children,
}: Omit<DialogFrameProps, 'children' | 'description'> & {
  description: ReactNode;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(opener);
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className={OVERLAY} />
        <RadixAlertDialog.Content {...returnFocus} className={cn(CONTENT, SIZES[size])}>
          <RadixAlertDialog.Title className={TITLE}>{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description asChild>
            <div className={DESCRIPTION}>{description}</div>
          </RadixAlertDialog.Description>
          {children}
          <div className="flex flex-wrap justify-end gap-2">
            <RadixAlertDialog.Cancel className={buttonClasses('secondary')} disabled={cancelDisabled}>
              {cancelLabel ?? t('common.dialog.cancel')}
            </RadixAlertDialog.Cancel>
            {actions}
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
