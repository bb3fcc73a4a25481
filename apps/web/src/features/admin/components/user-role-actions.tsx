import { useState } from 'react';
import type { AdminUser } from '@safqa/shared/validation/admin';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { useTranslation } from '@/lib/use-translation';
import { useSetUserRole } from '../api/set-user-role';

/**
 * Grant or revoke the admin role, after a confirmation. Hidden on one's own row: the server refuses
 * changing one's own role, and a button that always fails would only mislead.
 */
export function UserRoleActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const [open, setOpen] = useState(false);
  const setRole = useSetUserRole();
  if (!me || me.id === user.id) return null;
  const revoking = user.role === 'admin';
  const label = t(revoking ? 'admin.users.revokeAdmin' : 'admin.users.grantAdmin');

  const confirm = async () => {
    try {
      await setRole.mutateAsync({ id: user.id, input: { role: revoking ? 'owner' : 'admin' } });
      toast({
        title: t(revoking ? 'admin.users.revokeAdminDone' : 'admin.users.grantAdminDone', {
          name: user.username,
        }),
      });
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: t('admin.users.roleFailed'),
        // LAST_ADMIN in the page's language, whatever language the server answered in.
        description:
          isApiError(failure) && failure.code === 'LAST_ADMIN'
            ? t('admin.users.lastAdmin')
            : (serverMessage(failure) ?? undefined),
      });
    }
    setOpen(false);
  };

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${label} ${user.username}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => {
            if (!next) setOpen(false);
          }}
          title={t(revoking ? 'admin.users.revokeAdminTitle' : 'admin.users.grantAdminTitle')}
          description={t(revoking ? 'admin.users.revokeAdminBody' : 'admin.users.grantAdminBody', {
            name: user.username,
          })}
          confirmLabel={label}
          variant={revoking ? 'destructive' : 'primary'}
          pending={setRole.isPending}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </>
  );
}
