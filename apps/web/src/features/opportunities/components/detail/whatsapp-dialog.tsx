import { useId, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import MessageCircle from 'lucide-react/icons/message-circle';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { controlClasses } from '@/components/ui/form-field';
import { loginPathFor } from '@/lib/auth-redirect';
import { cn } from '@/lib/cn';
import { whatsappLink, whatsappMessage, whatsappPhone } from './whatsapp';
import { WHATSAPP_BUTTON_BASE as BASE } from './whatsapp-button';

interface WhatsappDialogProps {
  opportunity: OpportunityDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it (in whatsapp-button.tsx), focused again on close. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * The WhatsApp contact dialog: the owner's phone and a prefilled bilingual message the visitor can
 * edit, opened on wa.me in a new tab. Signed-out visitors are asked to sign in (the server sends
 * them no phone); a missing or invalid phone shows the errors of SPEC.md section 8. Loaded only when
 * asked for (whatsapp-button.tsx): the dialog library is most of what the listing page would load.
 */
export function WhatsappDialog({ opportunity, open, onOpenChange, opener }: WhatsappDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const messageId = useId();
  // The page's own address (this component only ever renders in the browser, once opened).
  const [message, setMessage] = useState(() => whatsappMessage(opportunity, window.location.href));
  const phone = whatsappPhone(opportunity.contactPhone);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      opener={opener}
      title={t('opportunities.whatsapp.title')}
      description={t('opportunities.whatsapp.description')}
      closeLabel={t('opportunities.whatsapp.close')}
    >
      {opportunity.financialsLocked ? (
        <>
          <Alert variant="info">{t('opportunities.whatsapp.signIn')}</Alert>
          <Link to={loginPathFor(location)} className={buttonClasses('primary', 'md')}>
            {t('opportunities.detail.signIn')}
          </Link>
        </>
      ) : !phone.ok ? (
        <Alert variant="error" title={t('opportunities.whatsapp.errorTitle')}>
          {t(
            phone.error === 'missing'
              ? 'opportunities.whatsapp.noPhone'
              : 'opportunities.whatsapp.invalidPhone',
          )}
        </Alert>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('opportunities.whatsapp.to')}{' '}
            <span dir="ltr" className="font-semibold">
              +{phone.phone}
            </span>
          </p>
          <div className="grid gap-1.5">
            <label htmlFor={messageId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('opportunities.whatsapp.message')}
            </label>
            <textarea
              id={messageId}
              rows={6}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              className={controlClasses}
            />
          </div>
          <a
            href={whatsappLink(phone.phone, message)}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(
              BASE,
              'bg-emerald-700 text-white hover:bg-emerald-800 dark:bg-emerald-500 dark:text-slate-950 dark:hover:bg-emerald-400',
            )}
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            {t('opportunities.whatsapp.send')}
          </a>
        </>
      )}
    </Dialog>
  );
}
