import { useTranslation } from '@/lib/use-translation';
import type { Language } from '@safqa/shared/constants';
import { formatDateTime } from '@/lib/format';
import type { DevMailMessage } from '../api/get-dev-mail';

/**
 * One message: headers, the HTML part in a fully sandboxed frame (sandbox="" : no scripts, no
 * forms, no same-origin access, so a hostile email cannot touch the app), and the plain-text part.
 */
export function MailView({ message }: { message: DevMailMessage }) {
  const { t, i18n } = useTranslation();
  const lng: Language = i18n.language === 'en' ? 'en' : 'ar';
  const subject = message.subject || t('dev-mail.noSubject');
  return (
    <article aria-labelledby="dev-mail-subject" className="grid grid-cols-1 gap-5">
      <header className="grid gap-2 border-b border-slate-200 pb-4 dark:border-slate-700">
        <h2
          id="dev-mail-subject"
          dir="auto"
          className="text-xl font-bold wrap-anywhere text-slate-900 dark:text-white"
        >
          {subject}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-slate-600 dark:text-slate-400">{t('dev-mail.to')}</dt>
          <dd className="wrap-anywhere text-slate-900 dark:text-slate-100">
            <bdi dir="ltr">{message.to}</bdi>
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-400">{t('dev-mail.date')}</dt>
          <dd className="wrap-anywhere text-slate-900 dark:text-slate-100">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, lng)}</time>
          </dd>
        </dl>
      </header>
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          {t('dev-mail.htmlVersion')}
        </h3>
        <iframe
          sandbox=""
          srcDoc={message.html}
          title={t('dev-mail.htmlFrameTitle', { subject })}
          className="h-[32rem] w-full rounded-xl border border-slate-200 bg-white dark:border-slate-700"
        />
      </section>
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          {t('dev-mail.textVersion')}
        </h3>
        <pre
          dir="auto"
          className="overflow-x-auto rounded-xl bg-slate-50 p-4 font-sans text-sm whitespace-pre-wrap wrap-anywhere text-slate-800 dark:bg-slate-900 dark:text-slate-200"
        >
          {message.text}
        </pre>
      </section>
    </article>
  );
}
