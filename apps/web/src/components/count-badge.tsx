import { useTranslation } from '@/lib/use-translation';
import { formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';

/** The red count of the navbar (unread chats, unread notifications); hidden from screen readers, whose text says it in words. */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  const { i18n } = useTranslation();
  if (count <= 0) return null;
  const lng = asLanguage(i18n.language);
  return (
    <span
      aria-hidden="true"
      dir="ltr"
      data-testid={testId}
      className="min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-bold text-white"
    >
      {count > 99 ? `${formatNumber(99, lng)}+` : formatNumber(count, lng)}
    </span>
  );
}
