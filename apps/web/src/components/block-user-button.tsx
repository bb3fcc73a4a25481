import { useRef, useState } from 'react';
import Ban from 'lucide-react/icons/ban';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { useSetBlocked } from '@/lib/block-user';
import { useTranslation } from '@/lib/use-translation';
import { useAreas } from '@/lib/use-areas';

/**
 * "Block" with a confirmation: the user can then no longer message the caller, offer on or ask for
 * the documents of their listings, and the caller stops seeing their messages (unblock from the profile).
 */
export function BlockUserButton({
  userId,
  username,
  onBlocked,
  size = 'sm',
}: {
  userId: number;
  username: string;
  onBlocked?: () => void;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  // Its texts live in the safety catalogue, which the first page does not load (decision 005).
  const textsReady = useAreas(['safety']);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const block = useSetBlocked();
  if (!textsReady) return null;
  return (
    <>
      <Button ref={opener} variant="ghost" size={size} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Ban aria-hidden="true" className="size-4" />
        {t('safety.trust.block')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        opener={opener}
        title={t('safety.trust.blockTitle', { name: username })}
        description={t('safety.trust.blockDescription')}
        confirmLabel={t('safety.trust.blockConfirm')}
        pending={block.isPending}
        onConfirm={() =>
          block.mutate(
            { userId, blocked: true },
            {
              onSuccess: () => {
                setOpen(false);
                toast({ title: t('safety.trust.blocked', { name: username }) });
                onBlocked?.();
              },
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('safety.trust.blockFailed'),
                  description: serverMessage(error) ?? undefined,
                }),
            },
          )
        }
      />
    </>
  );
}
