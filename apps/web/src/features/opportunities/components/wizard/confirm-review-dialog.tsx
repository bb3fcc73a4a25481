import { useTranslation } from '@/lib/use-translation';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

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
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('opportunities.wizard.confirmTitle')}
      description={t('opportunities.wizard.confirmBody')}
      cancelLabel={t('opportunities.wizard.cancel')}
      confirmLabel={t('opportunities.wizard.confirm')}
      variant="primary"
      onConfirm={() => {
        onOpenChange(false);
        onConfirm();
      }}
    />
  );
}
