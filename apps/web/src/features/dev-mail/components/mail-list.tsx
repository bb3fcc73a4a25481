import { useTranslation } from '@/lib/use-translation';
import type { Language } from '@safqa/shared/constants';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import type { DevMailMessage } from '../api/get-dev-mail';

interface MailListProps {
  messages: DevMailMessage[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The caught messages as the server sends them (newest first): subject, recipient and date. */
export function MailList({ messages, selectedId, onSelect }: MailListProps) {
  const { t, i18n } = useTranslation();
  const lng: Language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <ul aria-label={t('dev-mail.listLabel')} className="grid grid-cols-1 gap-2">
      {messages.map((message) => {
        const selected = message.id === selectedId;
        return (
          <li key={message.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(message.id)}
              className={cn(
                'grid w-full grid-cols-1 gap-1 rounded-xl border px-4 py-3 text-start transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                selected
                  ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-slate-800'
                  : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
              )}
            >
              <span dir="auto" className="truncate font-semibold text-slate-900 dark:text-slate-100">
                {message.subject || t('dev-mail.noSubject')}
              </span>
              <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                <span dir="ltr" className="truncate">
                  {message.to}
                </span>
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, lng)}</time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
