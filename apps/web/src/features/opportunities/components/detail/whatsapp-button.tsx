import { useTranslation } from '@/lib/use-translation';
import MessageCircle from 'lucide-react/icons/message-circle';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { OnDemandBoundary } from '@/components/on-demand-boundary';
import { cn } from '@/lib/cn';
import { useDialogOnDemand } from '@/lib/use-dialog-on-demand';

export const WHATSAPP_BUTTON_BASE =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

const loadDialog = () => import('./whatsapp-dialog').then((m) => ({ default: m.WhatsappDialog }));

/**
 * "Contact via WhatsApp" on the listing page. The dialog behind it (and the dialog library, about a
 * third of the page's own JavaScript) is fetched when the visitor points at, focuses or taps the
 * button, not with the page: most visitors of a shared link never open it.
 */
export function WhatsappButton({ opportunity }: { opportunity: OpportunityDetail }) {
  const { t } = useTranslation();
  const { open, setOpen, wanted, opener, Dialog, attempt, failed, triggerProps } =
    useDialogOnDemand(loadDialog);

  return (
    <>
      <button
        type="button"
        {...triggerProps}
        className={cn(
          WHATSAPP_BUTTON_BASE,
          'w-full border border-emerald-700 bg-white text-emerald-800 hover:bg-emerald-50 dark:border-emerald-500 dark:bg-slate-900 dark:text-emerald-300 dark:hover:bg-emerald-950',
        )}
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {t('opportunities.whatsapp.open')}
      </button>
      {wanted ? (
        <OnDemandBoundary attempt={attempt} onFailed={failed}>
          <Dialog opportunity={opportunity} open={open} onOpenChange={setOpen} opener={opener} />
        </OnDemandBoundary>
      ) : null}
    </>
  );
}
