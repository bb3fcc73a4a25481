import { Link } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { formatNumber, formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';

function initialOf(name: string) {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

/** One line per chat: the other party, the opportunity, the last message, its time and the unread count. */
export function ChatList({ chats, userId }: { chats: ChatSummary[]; userId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <ul aria-label={t('chat.listLabel')} className="divide-y divide-slate-200 dark:divide-slate-800">
      {chats.map((chat) => {
        const opportunityName =
          lng === 'ar' ? chat.opportunity.opportunityNameAr : chat.opportunity.opportunityName;
        const last = chat.lastMessage;
        const unread = chat.unreadCount > 0;
        return (
          <li key={chat.id}>
            <Link
              to={`/profile/chats/${chat.id}`}
              className="flex items-start gap-3 px-4 py-4 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6 dark:hover:bg-slate-800/60"
            >
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
              >
                {initialOf(chat.otherUser.username)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-3">
                  <span className="flex min-w-0 items-center gap-2">
                    <span
                      dir="auto"
                      className={cn(
                        'truncate text-slate-900 dark:text-white',
                        unread ? 'font-bold' : 'font-semibold',
                      )}
                    >
                      {chat.otherUser.username}
                    </span>
                    {chat.kind !== 'listing' ? (
                      <Badge tone="info" className="shrink-0">
                        {t(`chat.${chat.kind}`)}
                      </Badge>
                    ) : null}
                  </span>
                  <time
                    dateTime={last?.createdAt ?? chat.updatedAt}
                    className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
                  >
                    {formatRelativeTime(last?.createdAt ?? chat.updatedAt, lng)}
                  </time>
                </span>
                <span className="block truncate text-sm text-brand-700 dark:text-brand-300" dir="auto">
                  {opportunityName}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-3">
                  <span
                    className={cn(
                      'flex min-w-0 text-sm',
                      unread
                        ? 'font-semibold text-slate-900 dark:text-slate-100'
                        : 'text-slate-600 dark:text-slate-400',
                    )}
                  >
                    {/* The message is isolated from "You: ": an English line ending in "?" or "." in an
                        Arabic list (or the reverse) would otherwise show that mark at the wrong end. It
                        is its own truncating box, so a long English line in an Arabic list is cut at
                        its end, not its start. */}
                    {last ? (
                      <>
                        {last.senderId === userId ? (
                          <span className="shrink-0 whitespace-pre">{t('chat.you')}</span>
                        ) : null}
                        <bdi className="block min-w-0 truncate">{last.body}</bdi>
                      </>
                    ) : (
                      <span className="truncate">{t('chat.noMessages')}</span>
                    )}
                  </span>
                  {unread ? (
                    <>
                      <span
                        aria-hidden="true"
                        className="min-w-6 shrink-0 rounded-full bg-red-600 px-2 text-center text-xs leading-6 font-bold text-white"
                      >
                        {formatNumber(chat.unreadCount, lng)}
                      </span>
                      <span className="sr-only">{t('chat.unread', { count: chat.unreadCount })}</span>
                    </>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
