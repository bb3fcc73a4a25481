import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Bell from 'lucide-react/icons/bell';
import HandCoins from 'lucide-react/icons/hand-coins';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Search from 'lucide-react/icons/search';
import FilePen from 'lucide-react/icons/file-pen';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldX from 'lucide-react/icons/shield-x';
import type { Notification, NotificationType } from '@safqa/shared/validation/notifications';
import { formatRelativeTime } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { cn } from '@/lib/cn';

const ICONS: Record<NotificationType, typeof Bell> = {
  offer_received: HandCoins,
  offer_status: HandCoins,
  moderation: ShieldCheck,
  saved_search_match: Search,
  access_request: Bell,
  access_decision: Bell,
  chat_missed: MessagesSquare,
  verification_decision: BadgeCheck,
  // A deal is where an accepted offer leads (no icon of its own: the bell ships with the first page).
  deal_update: HandCoins,
};

/**
 * A moderation decision's icon by where its link sends the owner (the server picks it per decision):
 * to the edit page after a rejection, to the contact page after a suspension, to the listing once it is
 * published or reinstated. One shield for all three read "approved" for a rejection.
 */
function iconOf(item: Pick<Notification, 'type' | 'link'>): typeof Bell {
  if (item.type === 'moderation') {
    if (/\/edit$/.test(item.link)) return FilePen;
    if (item.link === '/contact') return ShieldX;
  }
  return ICONS[item.type] ?? Bell;
}

/**
 * Notifications as a list of links to where each happened; opening an unread one marks it read
 * (`onOpen`). Unread ones are bold with a dot, and say so to screen readers.
 */
export function NotificationItems({
  items,
  onOpen,
  compact = false,
}: {
  items: Notification[];
  onOpen: (notification: Notification) => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  return (
    <ul className={cn('grid', compact ? 'divide-y divide-slate-100 dark:divide-slate-800' : 'gap-2')}>
      {items.map((item) => {
        const Icon = iconOf(item);
        const unread = item.readAt === null;
        return (
          <li key={item.id}>
            <Link
              to={item.link}
              onClick={() => onOpen(item)}
              data-testid="notification-item"
              data-unread={unread || undefined}
              className={cn(
                'flex items-start gap-3 rounded-lg p-3 text-start transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800',
                !compact && 'border border-slate-200 dark:border-slate-800',
                unread && 'bg-brand-50/60 dark:bg-brand-950/40',
              )}
            >
              <Icon
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300"
              />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span
                  className={cn(
                    'text-sm text-slate-900 dark:text-slate-100',
                    unread ? 'font-bold' : 'font-medium',
                  )}
                >
                  {unread ? <span className="sr-only">{`${t('notifications.unread')}: `}</span> : null}
                  {item.title}
                </span>
                <span
                  className="line-clamp-2 text-sm break-words text-slate-600 dark:text-slate-400"
                  dir="auto"
                >
                  {item.body}
                </span>
                <time dateTime={item.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                  {formatRelativeTime(item.createdAt, lng)}
                </time>
              </span>
              {unread ? (
                <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-600" />
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
