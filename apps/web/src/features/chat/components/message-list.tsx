import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import Check from 'lucide-react/icons/check';
import CheckCheck from 'lucide-react/icons/check-check';
import type { ChatMessage } from '@safqa/shared/validation/chat';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDate, localeOf } from '@/lib/format';

interface MessageListProps {
  messages: ChatMessage[];
  userId: number;
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** Within this distance of the bottom the list follows new messages; further up, it stays put. */
const FOLLOW_PX = 120;

function dayKey(iso: string) {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * The history, oldest at the top. Older pages load from the top (button, or on scrolling up to it)
 * without moving what the reader sees; new messages scroll into view when the reader is at the
 * bottom or sent them. Own messages sit at the end side with a sent or read mark.
 */
export function MessageList({
  messages,
  userId,
  otherName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: MessageListProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const previous = useRef<{ first?: number; last?: number; height: number; nearBottom: boolean }>({
    height: 0,
    nearBottom: true,
  });
  const time = new Intl.DateTimeFormat(localeOf(lng), { timeStyle: 'short' });

  // Before the browser paints: keep the reader's place when older messages arrive above, follow new ones below.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const before = previous.current;
    if (before.first !== undefined && first !== before.first && last === before.last) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last) {
      const mine = messages.at(-1)?.senderId === userId;
      if (before.last === undefined || before.nearBottom || mine) element.scrollTop = element.scrollHeight;
    }
    previous.current = { first, last, height: element.scrollHeight, nearBottom: before.nearBottom };
  }, [messages, userId]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loadingOlder) onLoadOlder();
      },
      { root: scroller.current, rootMargin: '80px 0px 0px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    previous.current.nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_PX;
    previous.current.height = element.scrollHeight;
  };

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('chat.historyLabel', { name: otherName })}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
    >
      <div ref={sentinel} />
      {hasOlder ? (
        <div className="mb-3 flex justify-center">
          <Button
            variant="ghost"
            size="sm"
            onClick={onLoadOlder}
            disabled={loadingOlder}
            aria-busy={loadingOlder || undefined}
          >
            {loadingOlder ? <SpinnerIcon /> : null}
            {loadingOlder ? t('chat.loadingOlder') : t('chat.loadOlder')}
          </Button>
        </div>
      ) : messages.length > 0 ? (
        <p className="mb-3 text-center text-xs text-slate-500 dark:text-slate-400">{t('chat.start')}</p>
      ) : null}
      {messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-600 dark:text-slate-400">
          {t('chat.firstMessage', { name: otherName })}
        </p>
      ) : null}
      <ol className="grid min-w-0 gap-1.5">
        {messages.map((message, index) => {
          const mine = message.senderId === userId;
          const newDay = index === 0 || dayKey(messages[index - 1]!.createdAt) !== dayKey(message.createdAt);
          return (
            <li key={message.id} className="grid min-w-0 gap-1.5">
              {newDay ? (
                <p className="my-2 text-center">
                  <span className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    {formatDate(message.createdAt, lng, 'long')}
                  </span>
                </p>
              ) : null}
              <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'max-w-[85%] min-w-0 rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%]',
                    mine
                      ? 'rounded-ee-sm bg-brand-700 text-white'
                      : 'rounded-es-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
                  )}
                >
                  {/* anywhere, not break-word: only it lowers the min-content width, so one unbroken word cannot widen the grid */}
                  {message.removed ? (
                    <p className="text-[0.95rem] italic opacity-80">{t('chat.removed')}</p>
                  ) : (
                    <p
                      dir="auto"
                      className="text-[0.95rem] leading-relaxed whitespace-pre-wrap wrap-anywhere"
                    >
                      {message.body}
                    </p>
                  )}
                  <p
                    className={cn(
                      'mt-1 flex items-center justify-end gap-1 text-[0.7rem]',
                      mine ? 'text-brand-100' : 'text-slate-600 dark:text-slate-400',
                    )}
                  >
                    <time dateTime={message.createdAt}>{time.format(new Date(message.createdAt))}</time>
                    {mine ? (
                      message.readAt ? (
                        <span title={t('chat.read')} className="inline-flex">
                          <CheckCheck aria-hidden="true" className="size-3.5" />
                          <span className="sr-only">{t('chat.read')}</span>
                        </span>
                      ) : (
                        <span title={t('chat.sent')} className="inline-flex">
                          <Check aria-hidden="true" className="size-3.5" />
                          <span className="sr-only">{t('chat.sent')}</span>
                        </span>
                      )
                    ) : null}
                  </p>
                </div>
              </div>
              {mine || message.removed ? null : (
                <div className="flex justify-start">
                  <ReportButton
                    compact
                    targetType="message"
                    targetId={message.id}
                    label={t('safety.report.messageLabel', { name: otherName })}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
