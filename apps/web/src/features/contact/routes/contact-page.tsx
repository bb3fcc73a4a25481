import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import CircleHelp from 'lucide-react/icons/circle-help';
import Mail from 'lucide-react/icons/mail';
import type { PageHandle } from '@/lib/page-handle';
import { ContactForm } from '../components/contact-form';
import { Card } from '@/components/ui/card';

export const handle: PageHandle = {
  ssr: true,
  head: ({ t }) => ({
    title: `${t('contact.title')} | ${t('common.appName')}`,
    description: t('contact.subtitle'),
  }),
};

/** /contact: the form beside a short note on what happens next and a pointer to the FAQ. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('contact.title')} | ${t('common.appName')}`}</title>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-3xl px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {t('contact.title')}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            {t('contact.subtitle')}
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[3fr_2fr]">
        <Card className="p-6 shadow-sm sm:p-8">
          <h2 className="mb-6 text-xl font-bold text-slate-900 dark:text-white">{t('contact.formTitle')}</h2>
          <ContactForm />
        </Card>
        <aside aria-label={t('contact.asideLabel')} className="grid content-start gap-4">
          <div className="rounded-2xl bg-slate-50 p-6 dark:bg-slate-900">
            <Mail aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-400" />
            <h2 className="mt-3 font-bold text-slate-900 dark:text-white">{t('contact.replyTitle')}</h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
              {t('contact.replyBody')}
            </p>
          </div>
          <div className="rounded-2xl bg-slate-50 p-6 dark:bg-slate-900">
            <CircleHelp aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-400" />
            <h2 className="mt-3 font-bold text-slate-900 dark:text-white">{t('contact.faqTitle')}</h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
              {t('contact.faqBody')}
            </p>
            <Link
              to="/faq"
              className="mt-3 inline-block rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300"
            >
              {t('contact.faqLink')}
            </Link>
          </div>
        </aside>
      </div>
    </>
  );
}
