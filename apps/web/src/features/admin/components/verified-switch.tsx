import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import * as Switch from 'radix-ui/switch';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { useSetVerified } from '../api/set-verified';

/** The verified badge of a listing, as a switch; public cards show it once it is on. */
export function VerifiedSwitch({ id, checked }: { id: number; checked: boolean }) {
  const { t } = useTranslation();
  const setVerified = useSetVerified();
  const labelId = useId();
  return (
    <div className="flex items-center gap-3">
      <Switch.Root
        aria-labelledby={labelId}
        checked={setVerified.isPending ? (setVerified.variables?.isVerified ?? checked) : checked}
        disabled={setVerified.isPending}
        onCheckedChange={(isVerified) =>
          setVerified.mutate(
            { id, isVerified },
            {
              onSuccess: () =>
                toast({
                  title: t(isVerified ? 'admin.moderation.verifiedOn' : 'admin.moderation.verifiedOff'),
                  size: 'sm',
                }),
              onError: (failure) =>
                toast({
                  variant: 'destructive',
                  title: t('admin.moderation.failed'),
                  description: serverMessage(failure) ?? undefined,
                }),
            },
          )
        }
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 data-[state=checked]:bg-brand-700 dark:bg-slate-600 dark:data-[state=checked]:bg-brand-500"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[1.375rem]" />
      </Switch.Root>
      <span id={labelId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t('admin.moderation.verifiedBadge')}
      </span>
    </div>
  );
}
