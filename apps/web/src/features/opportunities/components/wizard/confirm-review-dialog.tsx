import { useTranslation } from '@/lib/use-translation';
import * as AlertDialog from 'radix-ui/alert-dialog';
import { buttonClasses } from '@/components/ui/button';
import { useReturnFocus } from '@/lib/use-return-focus';

/** SPEC.md section 4: editing an approved listing sends it back to review, after this confirmation. */
export function ConfirmReviewDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/60" />
        <AlertDialog.Content
          {...returnFocus}
          dir={document.documentElement.dir as 'rtl' | 'ltr'}
          className="fixed start-1/2 top-1/2 z-[80] grid w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2 dark:bg-slate-900"
        >
          <AlertDialog.Title className="text-lg font-bold text-slate-900 dark:text-white">
            {t('opportunities.wizard.confirmTitle')}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700 dark:text-slate-300">
            {t('opportunities.wizard.confirmBody')}
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>
              {t('opportunities.wizard.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('primary')} onClick={onConfirm}>
              {t('opportunities.wizard.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
