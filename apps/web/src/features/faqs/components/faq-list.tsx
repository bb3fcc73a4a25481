import { useTranslation } from '@/lib/use-translation';
import * as Accordion from 'radix-ui/accordion';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { Faq } from '../api/get-faqs';

export interface FaqText {
  id: number;
  question: string | null;
  answer: string | null;
}

/** The questions as an accordion: one item open at a time, and the open one closes again on click. */
export function FaqList({ items }: { items: FaqText[] }) {
  const { t } = useTranslation();
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={String(item.id)}>
          <Accordion.Header asChild>
            <h2>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start text-base font-semibold text-slate-900 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6 sm:py-5 dark:text-slate-100 dark:hover:bg-slate-800/60">
                <span className={item.question ? undefined : 'text-slate-500 italic dark:text-slate-400'}>
                  {item.question ?? t('faqs.missingQuestion')}
                </span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-brand-700 transition-transform duration-200 group-data-[state=open]:rotate-180 dark:text-brand-400"
                />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="accordion-content overflow-hidden">
            <p
              className={
                item.answer
                  ? 'px-5 pb-5 leading-relaxed whitespace-pre-line text-slate-700 sm:px-6 dark:text-slate-300'
                  : 'px-5 pb-5 text-slate-500 italic sm:px-6 dark:text-slate-400'
              }
            >
              {item.answer ?? t('faqs.missingAnswer')}
            </p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}

/** The texts of a FAQ in one language; blank texts count as missing. */
export function faqText(faq: Faq, lng: string): FaqText {
  const pick = (value: string | null) => (value && value.trim() ? value : null);
  return lng === 'en'
    ? { id: faq.id, question: pick(faq.questionEn), answer: pick(faq.answerEn) }
    : { id: faq.id, question: pick(faq.questionAr), answer: pick(faq.answerAr) };
}
