import { useTranslation } from '@/lib/use-translation';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import UserRound from 'lucide-react/icons/user-round';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { ReportButton } from '@/components/report-button';
import { LockedNotice } from './detail-sections';
import { WhatsappButton } from './whatsapp-button';

/**
 * The owner's contact details (signed-in callers only) and the WhatsApp dialog, which the owner is not
 * offered on their own listing (it would message their own phone).
 */
export function ContactCard({ o }: { o: OpportunityDetail }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="contact-title"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="contact-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('opportunities.detail.contact')}
      </h2>
      {o.financialsLocked ? (
        <LockedNotice>{t('opportunities.detail.contactLocked')}</LockedNotice>
      ) : (
        <ul className="grid gap-3 text-sm">
          {o.contactMemberName ? (
            <li className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
              <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="sr-only">{t('opportunities.fields.contactMemberName')}: </span>
              {o.contactMemberName}
            </li>
          ) : null}
          {o.contactPhone ? (
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="sr-only">{t('opportunities.fields.contactPhone')}: </span>
              <a
                href={`tel:+${o.contactPhone}`}
                dir="ltr"
                className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
              >
                +{o.contactPhone}
              </a>
            </li>
          ) : null}
          {o.contactEmail ? (
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="sr-only">{t('opportunities.fields.contactEmail')}: </span>
              <a
                href={`mailto:${o.contactEmail}`}
                dir="ltr"
                className="truncate font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
              >
                {o.contactEmail}
              </a>
            </li>
          ) : null}
        </ul>
      )}
      {o.isOwner ? null : <WhatsappButton opportunity={o} />}
      {!o.isOwner && o.ownerId !== undefined ? (
        <div className="flex justify-end">
          <ReportButton targetType="user" targetId={o.ownerId} />
        </div>
      ) : null}
    </section>
  );
}
