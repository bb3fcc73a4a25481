import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { suspensionReasonInput, type AdminUser } from '@safqa/shared/validation/admin';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field, Textarea } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useSetUserStatus } from '../api/set-user-status';

/**
 * Suspend (asking why: the reason is emailed to the user) or reinstate (after a confirmation) one
 * user. Admin accounts cannot be suspended, so they get no button.
 */
export function UserStatusActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (user.role === 'admin') return null;
  const suspended = user.status === 'suspended';
  return (
    <>
      <Button
        size="sm"
        variant={suspended ? 'secondary' : 'destructive'}
        aria-label={`${t(suspended ? 'admin.users.reinstate' : 'admin.users.suspend')} ${user.username}`}
        onClick={() => setOpen(true)}
      >
        {t(suspended ? 'admin.users.reinstate' : 'admin.users.suspend')}
      </Button>
      {open && suspended ? <ReinstateDialog user={user} onClose={() => setOpen(false)} /> : null}
      {open && !suspended ? <SuspendDialog user={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function failedToast(t: ReturnType<typeof useTranslation>['t'], failure: unknown) {
  toast({
    variant: 'destructive',
    title: t('admin.users.statusFailed'),
    description: serverMessage(failure) ?? undefined,
  });
}

function SuspendDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const setStatus = useSetUserStatus();
  const form = useZodForm(suspensionReasonInput, { defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await setStatus.mutateAsync({ id: user.id, input: { status: 'suspended', reason } });
      toast({ title: t('admin.users.suspendDone', { name: user.username }) });
      onClose();
    } catch (failure) {
      if (applyServerFieldErrors(failure, form.setError, ['reason'])) return;
      failedToast(t, failure);
      if (!isApiError(failure) || failure.status !== 400) onClose();
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('admin.users.suspendTitle')}
      description={t('admin.users.suspendBody', { name: user.username })}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('admin.users.suspend')}
      submitVariant="destructive"
      pending={isSubmitting}
    >
      <Field
        label={t('admin.users.reason')}
        hint={t('admin.users.reasonHint')}
        error={fieldError(errors.reason?.message, i18n.language)}
      >
        {(control) => <Textarea {...control} rows={4} {...form.register('reason')} />}
      </Field>
    </FormDialog>
  );
}

function ReinstateDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const setStatus = useSetUserStatus();
  const confirm = async () => {
    try {
      await setStatus.mutateAsync({ id: user.id, input: { status: 'active' } });
      toast({ title: t('admin.users.reinstateDone', { name: user.username }) });
    } catch (failure) {
      failedToast(t, failure);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('admin.users.reinstateTitle')}
      description={t('admin.users.reinstateBody', { name: user.username })}
      confirmLabel={t('admin.users.reinstate')}
      variant="primary"
      pending={setStatus.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
